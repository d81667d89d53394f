import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { showUpcoming, UPCOMING } from './upcoming-page';

/**
 * Routes of docs/product/spec.md §2 whose features later issues build: each answers now with what it will hold.
 * Registered after the groups that already build some of those paths, so theirs answer.
 */
export function registerUpcomingRoutes(app: Hono<AppEnv>) {
  app.get('/jobs', showUpcoming(UPCOMING.jobs));
}
