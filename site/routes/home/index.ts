import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { cachedForVisitors } from '../../../api/middleware/visitor-page-cache';
import { showHome } from './home-page';

/** The home page: the same for every visitor, so served from the page cache (docs/decisions/0025-visitor-page-cache.md). */
export function registerHomeRoutes(app: Hono<AppEnv>) {
  app.get('/', cachedForVisitors([]), showHome);
}
