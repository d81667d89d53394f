import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { feedbackInput } from '../../../api/modules/feedback/schema';
import { submitFeedback } from '../../../api/modules/feedback/service';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero, Prose } from '../../components/PageHero';
import type { FeedbackFormProps } from '../../islands/FeedbackForm';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';

/** /feedback: the form is an island (it calls feedback.submit itself). */
export async function showFeedback(c: PageContext) {
  return feedbackPage(c, { submitted: c.req.query('sent') === '1' });
}

/** The form's POST, for browsers without JavaScript: errors re-render the form, success redirects. */
export async function submitFeedbackForm(c: PageContext) {
  const form = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
  const parsed = feedbackInput.safeParse(form);
  if (!parsed.success) {
    return feedbackPage(c, { initialValues: form, initialErrors: parsed.error.flatten().fieldErrors }, 400);
  }
  try {
    await submitFeedback(c.get('db'), parsed.data, { ip: c.get('ip'), userId: c.get('user')?.id ?? null });
  } catch (error) {
    if (error instanceof ValidationError) {
      return feedbackPage(c, { initialValues: form, initialErrors: error.fieldErrors }, 400);
    }
    if (error instanceof RateLimitedError) {
      return feedbackPage(c, { initialValues: form, initialFormError: error.message }, 429);
    }
    throw error;
  }
  return c.redirect('/feedback?sent=1', 303);
}

async function feedbackPage(
  c: PageContext,
  formProps: Omit<FeedbackFormProps, 'fallbackStates'>,
  status = 200,
) {
  const lists = await getReferenceLists(c.get('db'));
  return renderPage(c, {
    status,
    meta: {
      title: 'Feedback',
      description:
        'Tell the Campaign HQ team what works, what does not, and what you would like us to build next.',
      canonicalPath: '/feedback',
    },
    body: (
      <>
        <PageHero
          eyebrow="We are listening"
          title="Feedback"
          lead="Campaign HQ is built with the people who use it. Tell us what works, what gets in your way and what you would like to see next."
        />
        <Prose>
          <p>
            Every message reaches our product team. For help with an order or your account, the{' '}
            <a href="/contact">Help Center</a> is faster.
          </p>
          <Island name="FeedbackForm" props={{ ...formProps, fallbackStates: lists.states ?? [] }} />
        </Prose>
      </>
    ),
  });
}
