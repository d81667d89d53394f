import { forbiddenPage, notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

export function showForbidden(c: PageContext) {
  return renderPage(c, forbiddenPage());
}

export function showNotFound(c: PageContext) {
  return renderPage(c, notFoundPage());
}
