import type { Next } from 'hono';
import { feedOf, findPost } from '../../../api/modules/posts/feed';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { PostList } from './PostCard';
import { postViewerOf } from './post-viewer';

const NOTICES: Record<string, string> = {
  posted: 'Your post is published.',
  deleted: 'The post is deleted.',
  reported: 'Thank you. Our team will review this post.',
};

/**
 * /social-media for a signed-in member: their feed (their posts and those of people they follow).
 * Visitors fall through to the content page of site/routes/content, the same for everyone.
 */
export async function showFeed(c: PageContext, next: Next) {
  const user = c.get('user');
  if (!user) return next();
  const db = c.get('db');
  const [posts, lists, viewer] = await Promise.all([
    feedOf(db, user.id),
    getReferenceLists(db),
    postViewerOf(c),
  ]);
  const notice = NOTICES[c.req.query('notice') ?? ''];
  return renderPage(c, {
    meta: { title: 'Social media', description: 'Posts from you and the people you follow.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Community" title="Your feed" lead="Posts from you and the people you follow.">
          <p>
            <a className="button button--primary" href="/social-media/create-post">
              Write a post
            </a>
          </p>
        </PageHero>
        <div className="prose social-feed">
          {notice && (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          )}
          <h2>Latest posts</h2>
          <PostList
            posts={posts}
            viewer={viewer}
            reasons={lists.report ?? []}
            empty="Nothing here yet. Follow people from their profiles or people search, or write the first post."
          />
        </div>
      </>
    ),
  });
}

/** One post at /social-media/posts/{id}: where notifications and timestamps link. */
export async function showPost(c: RouteContext<'/social-media/posts/:id'>) {
  const db = c.get('db');
  const [post, lists, viewer] = await Promise.all([
    findPost(db, Number(c.req.param('id'))),
    getReferenceLists(db),
    postViewerOf(c),
  ]);
  if (!post) return renderPage(c, notFoundPage());
  const notice = NOTICES[c.req.query('notice') ?? ''];
  return renderPage(c, {
    meta: {
      title: `Post by ${post.author.name}`,
      description: post.body.slice(0, 160),
      canonicalPath: `/social-media/posts/${post.id}`,
    },
    body: (
      <>
        <PageHero eyebrow="Post" title={`Post by ${post.author.name}`} />
        <div className="prose social-feed">
          {notice && (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          )}
          <PostList posts={[post]} viewer={viewer} reasons={lists.report ?? []} empty="" />
        </div>
      </>
    ),
  });
}
