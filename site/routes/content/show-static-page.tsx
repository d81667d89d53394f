import { routePath } from 'hono/route';
import { renderPage } from '../../render/render-page';
import type { PageContext, StaticPage } from '../../server/page';

/** The handler for a static page; its canonical URL is the path it is registered at. */
export function showStaticPage(page: StaticPage) {
  return (c: PageContext) =>
    renderPage(c, { meta: { ...page.meta, canonicalPath: routePath(c) }, body: <page.Body /> });
}
