import type { PersonMatch } from '../../api/contract/people-views';
import { profilePath, ROLE_LABELS } from '../../api/contract/person-names';
import type { OptionLabeler } from '../lib/option-labels';
import { DecorativeAvatar } from './DecorativeAvatar';
import { VerifiedBadge } from './VerifiedBadge';

/** One search result on /search: only what the searcher may see (the service already filtered it). */
export function PersonCard({
  person,
  label,
  verified = false,
}: {
  person: PersonMatch;
  label: OptionLabeler;
  /** A paid membership's verified badge (docs/decisions/0024-membership.md). */
  verified?: boolean;
}) {
  const name =
    person.kind === 'organization'
      ? (person.orgName ?? 'Organization')
      : `${person.firstName} ${person.lastName}`;
  const path = profilePath({
    id: person.id,
    kind: person.kind,
    first_name: person.firstName,
    last_name: person.lastName,
    org_name: person.orgName,
  });
  const facts = [
    person.state && label('states', person.state),
    person.party && label('party', person.party),
    person.position && label('position', person.position),
  ].filter((f): f is string => Boolean(f));
  return (
    <li className="person-card">
      {person.profileImage ? (
        <DecorativeAvatar className="person-card__avatar" src={person.profileImage} size={64} />
      ) : (
        <span className="person-card__avatar" aria-hidden="true" />
      )}
      <div>
        <h3 className="person-card__name">
          <a href={path}>{name}</a>
        </h3>
        {verified && <VerifiedBadge />}
        <p className="person-card__role">
          {ROLE_LABELS[person.role]}
          {person.candidateOffice &&
            ` · running for ${person.candidateOffice}${person.candidateDistrict ? ` (${person.candidateDistrict})` : ''}`}
        </p>
        {facts.length > 0 && <p className="person-card__facts">{facts.join(' · ')}</p>}
      </div>
    </li>
  );
}
