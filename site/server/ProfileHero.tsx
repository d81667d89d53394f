import type { ProfileView } from '../../api/contract/people-views';
import { VerifiedBadge } from '../components/VerifiedBadge';
import { Island } from './Island';

/**
 * The top of a profile: picture, name, kind, what they run for, introduction and the actions a
 * viewer can take (follow, message; the owner gets an edit link instead).
 */
export function ProfileHero({
  profile,
  signedIn,
  verified = false,
}: {
  profile: ProfileView;
  signedIn: boolean;
  /** A paid membership's verified badge (docs/decisions/0024-membership.md). */
  verified?: boolean;
}) {
  const candidacy = profile.candidate?.office
    ? `Running for ${profile.candidate.office}${profile.candidate.district ? ` (${profile.candidate.district})` : ''}`
    : null;
  return (
    <section className="page-hero profile-hero">
      <div className="page-hero__inner profile-hero__inner">
        {profile.profileImage ? (
          <img
            className="profile-avatar"
            src={profile.profileImage}
            alt={profile.name}
            width="128"
            height="128"
            data-profile-image
          />
        ) : (
          <span className="profile-avatar profile-avatar--empty" aria-hidden="true" />
        )}
        <div>
          <p className="page-hero__eyebrow">{profile.roleLabel}</p>
          <h1>{profile.name}</h1>
          {verified && (
            <p>
              <VerifiedBadge />
            </p>
          )}
          {candidacy && <p className="profile-hero__candidacy">{candidacy}</p>}
          {profile.bio && <p className="page-hero__lead">{profile.bio}</p>}
          <div className="profile-hero__actions">
            {profile.viewer === 'self' ? (
              <a className="button button--ghost" href="/myprofile">
                Edit profile
              </a>
            ) : (
              <>
                {signedIn ? (
                  <Island
                    name="FollowButton"
                    props={{
                      userId: profile.id,
                      name: profile.name,
                      following: profile.followedByViewer,
                      followers: profile.followers,
                    }}
                  />
                ) : (
                  <span className="follow-form__count">
                    {profile.followers} {profile.followers === 1 ? 'follower' : 'followers'}
                  </span>
                )}
                <a className="button button--ghost" href={`/messaging?to=${profile.id}`}>
                  Message<span className="visually-hidden"> {profile.name}</span>
                </a>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
