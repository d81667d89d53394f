import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showFeedback, submitFeedbackForm } from './feedback-page';

/** /feedback: the form is an island; the POST serves browsers without JavaScript. */
export function registerFeedbackRoutes(app: Hono<AppEnv>) {
  app.get('/feedback', showFeedback);
  app.post('/feedback', submitFeedbackForm);
}
