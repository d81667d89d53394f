import type { ProfileView } from '../../api/contract/people-views';
import { VISIBILITY_LABELS } from '../../api/contract/profile-attributes';
import type { OptionLabeler } from '../lib/option-labels';

/**
 * The attributes part of a profile: exactly the list the service let this viewer see. The owner
 * also sees who else can see each one.
 */
export function ProfileDetails({ profile, label }: { profile: ProfileView; label: OptionLabeler }) {
  if (profile.attributes.length === 0) {
    return <p className="profile-empty">{profile.name} has not shared any details yet.</p>;
  }
  return (
    <dl className="profile-facts">
      {profile.attributes.map((attribute) => (
        <div key={attribute.key} className="profile-facts__row" data-attribute={attribute.key}>
          <dt>{attribute.label}</dt>
          <dd>
            {attribute.values.map((v) => label(listOf(attribute.key), v)).join(', ')}
            {profile.viewer === 'self' && (
              <span className="profile-facts__visibility"> · {VISIBILITY_LABELS[attribute.visibility]}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function listOf(key: string): string {
  return key === 'state' ? 'states' : key;
}
