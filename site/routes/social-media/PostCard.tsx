import type { ReferenceOption } from '../../../api/contract/reference-options';
import type { PostView } from '../../../api/modules/posts/feed';
import { splitMentions } from '../../../api/modules/posts/mentions';
import { DecorativeAvatar } from '../../components/DecorativeAvatar';
import { linkify } from '../../lib/linkify';

/** Who is looking: their id and whether they may remove anyone's post (VIEW_RED_FLAGS). */
export interface PostViewer {
  id: number;
  canModerate: boolean;
}

/** The text with its links and its @mentions of open accounts turned into links; the rest stays text. */
function PostBody({ post }: { post: PostView }) {
  return (
    <p className="post__body">
      {splitMentions(post.body).map((part, i) => {
        if (typeof part === 'string') return <span key={i}>{linkify(part)}</span>;
        const path = post.mentions[part.handle];
        return path ? (
          <a key={i} className="post__mention" href={path}>
            {part.written}
          </a>
        ) : (
          <span key={i}>{part.written}</span>
        );
      })}
    </p>
  );
}

const when = (date: Date) =>
  `${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** One post with what this viewer may do to it: delete (author, moderators) or report (others). */
export function PostCard({
  post,
  viewer,
  reasons,
}: {
  post: PostView;
  viewer: PostViewer | null;
  reasons: ReferenceOption[];
}) {
  const own = viewer?.id === post.author.id;
  return (
    <article className="post" aria-labelledby={`post-${post.id}-author`}>
      <header className="post__header">
        {post.author.image && <DecorativeAvatar className="post__avatar" src={post.author.image} size={40} />}
        <div>
          <a id={`post-${post.id}-author`} className="post__author" href={post.author.path}>
            {post.author.name}
          </a>
          <br />
          <a className="post__time" href={`/social-media/posts/${post.id}`}>
            <time dateTime={post.createdAt.toISOString()}>{when(post.createdAt)}</time>
          </a>
          {post.campaignName && <span className="post__campaign"> · {post.campaignName}</span>}
        </div>
      </header>
      <PostBody post={post} />
      {post.imageUrl && (
        <img
          className="post__image"
          src={post.imageUrl}
          alt={`Attached to the post by ${post.author.name}`}
        />
      )}
      {viewer && (
        <footer className="post__actions">
          {(own || viewer.canModerate) && (
            <form method="post" action={`/social-media/posts/${post.id}/delete`}>
              <button type="submit" className="button button--small">
                {own ? 'Delete post' : 'Remove post'}
              </button>
            </form>
          )}
          {!own && (
            <details className="post__report">
              <summary>Report post</summary>
              <form method="post" action={`/social-media/posts/${post.id}/report`}>
                <label htmlFor={`report-reason-${post.id}`}>Reason</label>
                <select id={`report-reason-${post.id}`} name="reason" required>
                  <option value="">Choose a reason</option>
                  {reasons.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
                <label htmlFor={`report-details-${post.id}`}>Details (optional)</label>
                <textarea id={`report-details-${post.id}`} name="details" maxLength={500} rows={2} />
                <button type="submit" className="button button--small">
                  Send report
                </button>
              </form>
            </details>
          )}
        </footer>
      )}
    </article>
  );
}

/** A list of posts, or what to say when there are none. */
export function PostList({
  posts,
  viewer,
  reasons,
  empty,
}: {
  posts: PostView[];
  viewer: PostViewer | null;
  reasons: ReferenceOption[];
  empty: string;
}) {
  if (posts.length === 0) return <p className="post-list__empty">{empty}</p>;
  return (
    <div className="post-list">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} viewer={viewer} reasons={reasons} />
      ))}
    </div>
  );
}
