import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showForbidden, showNotFound } from './error-page-routes';

/** The error pages at their own addresses (guards redirect to /403; links may point at /404). */
export function registerErrorPageRoutes(app: Hono<AppEnv>) {
  app.get('/403', showForbidden);
  app.get('/404', showNotFound);
}
