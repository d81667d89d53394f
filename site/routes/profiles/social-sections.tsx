import type { ReferenceOption } from '../../../api/contract/reference-options';
import type { EndorsementSummary } from '../../../api/modules/endorsements/service';
import type { PostView } from '../../../api/modules/posts/feed';
import type { CandidateCard } from '../../../api/modules/stances/service';
import { signInUrl } from '../../lib/sign-in-url';
import { PostList, type PostViewer } from '../social-media/PostCard';
import { StanceTable } from '../versus/StanceTable';

/** Who is looking at a candidate's endorsements, and what they may do about it. */
interface EndorsementViewer {
  signedIn: boolean;
  self: boolean;
  vendor: boolean;
}

/** A candidate's endorsements: the count, organizations by name, and the endorse/withdraw form. */
export function EndorsementsSection({
  candidate,
  summary,
  viewer,
}: {
  candidate: { id: number; name: string; path: string };
  summary: EndorsementSummary;
  viewer: EndorsementViewer;
}) {
  return (
    <section id="endorsements" aria-labelledby="endorsements-heading">
      <h2 id="endorsements-heading">Endorsements</h2>
      <p>
        {summary.total === 0
          ? `No endorsements for ${candidate.name} yet.`
          : `${summary.total} ${summary.total === 1 ? 'endorsement' : 'endorsements'} from members and organizations.`}
      </p>
      {summary.organizations.length > 0 && (
        <>
          <h3>Endorsed by organizations</h3>
          <ul className="endorsements__organizations">
            {summary.organizations.map((org) => (
              <li key={org.id}>
                <a href={org.path}>{org.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {!viewer.signedIn && (
        <p>
          <a href={signInUrl(candidate.path)}>Sign in to endorse {candidate.name}</a>
        </p>
      )}
      {viewer.signedIn && !viewer.self && !viewer.vendor && (
        <form
          method="post"
          action={`/profile/${candidate.id}/${summary.endorsedByViewer ? 'withdraw-endorsement' : 'endorse'}`}
        >
          {summary.endorsedByViewer && <p>You endorse {candidate.name}.</p>}
          <button type="submit" className={summary.endorsedByViewer ? 'button' : 'button button--primary'}>
            {summary.endorsedByViewer ? 'Withdraw my endorsement' : `Endorse ${candidate.name}`}
          </button>
        </form>
      )}
    </section>
  );
}

/** The candidate's stances, with the way to compare them to another candidate's. */
export function StancesSection({ card, self }: { card: CandidateCard; self: boolean }) {
  const stated = Object.keys(card.stances).length;
  return (
    <section aria-labelledby="stances-heading">
      <h2 id="stances-heading">On the issues</h2>
      {stated === 0 ? (
        <p>{card.name} has not stated any stances yet.</p>
      ) : (
        <StanceTable candidates={[card]} caption={`Where ${card.name} stands`} />
      )}
      <p>
        <a href={`/versus/contrast-page?a=${card.id}`}>Compare {card.name} with another candidate</a>
        {self && (
          <>
            {' · '}
            <a href="/versus/my-stances">Edit my stances</a>
          </>
        )}
      </p>
    </section>
  );
}

export function PostsSection({
  name,
  posts,
  viewer,
  reasons,
}: {
  name: string;
  posts: PostView[];
  viewer: PostViewer | null;
  reasons: ReferenceOption[];
}) {
  return (
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading">Posts</h2>
      <PostList posts={posts} viewer={viewer} reasons={reasons} empty={`${name} has not posted yet.`} />
    </section>
  );
}
