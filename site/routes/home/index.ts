import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { showHome } from './home-page';

/** The home page. */
export function registerHomeRoutes(app: Hono<AppEnv>) {
  app.get('/', showHome);
}
