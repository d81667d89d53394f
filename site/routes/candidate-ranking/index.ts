import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showRanking } from './ranking-page';

/** /candidate-ranking, a home-navbar page (docs/product/spec.md §2; docs/decisions/0033-social.md). */
export function registerCandidateRankingRoutes(app: Hono<AppEnv>) {
  app.get('/candidate-ranking', showRanking);
}
