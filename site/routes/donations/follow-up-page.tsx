import { BEST_EFFORTS_STATEMENT } from '../../../api/contract/donations';
import { answerFollowUp, followUpGift } from '../../../api/modules/donations/follow-up';
import { ValidationError } from '../../../api/modules/errors';
import { FieldError } from '../../components/FieldError';
import { PageHero, Prose } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { RouteContext } from '../../server/page';

type FollowUpContext = RouteContext<'/donate/follow-up/:ref'>;

function followUpForm(
  c: FollowUpContext,
  candidateName: string,
  token: string,
  state: { values?: Record<string, string>; errors?: Record<string, string[]>; status?: number } = {},
) {
  const errors = state.errors ?? {};
  const aria = (name: string) => ({
    'aria-invalid': errors[name]?.length ? true : undefined,
    'aria-describedby': errors[name]?.length ? `follow-up-${name}-error` : undefined,
  });
  return renderPage(c, {
    status: state.status,
    meta: { title: 'Employer and occupation', description: 'Complete your donation record.', noindex: true },
    body: (
      <div className="donate">
        <PageHero
          eyebrow="Donate"
          title="Employer and occupation"
          lead={`For your gifts to ${candidateName}`}
        />
        <Prose>
          <p>{BEST_EFFORTS_STATEMENT}</p>
          <form method="post" className="form" noValidate>
            <input type="hidden" name="token" value={token} />
            <div className="field">
              <label htmlFor="follow-up-employer">Employer</label>
              <input
                id="follow-up-employer"
                name="employer"
                defaultValue={state.values?.employer}
                {...aria('employer')}
              />
              <FieldError id="follow-up-employer-error" messages={errors.employer} />
            </div>
            <div className="field">
              <label htmlFor="follow-up-occupation">Occupation</label>
              <input
                id="follow-up-occupation"
                name="occupation"
                defaultValue={state.values?.occupation}
                {...aria('occupation')}
              />
              <FieldError id="follow-up-occupation-error" messages={errors.occupation} />
            </div>
            <button type="submit" className="button button--primary">
              Save
            </button>
          </form>
        </Prose>
      </div>
    ),
  });
}

/** GET /donate/follow-up/{ref}?token=…: the best-efforts question (docs/decisions/0021-campaign-donations.md). */
export async function showFollowUp(c: FollowUpContext) {
  const token = c.req.query('token') ?? '';
  const gift = await followUpGift(c.get('db'), c.get('config').appSecret, c.req.param('ref'), token);
  if (!gift) return renderPage(c, notFoundPage());
  return followUpForm(c, gift.candidateName, token);
}

export async function submitFollowUp(c: FollowUpContext) {
  const form = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
  const secret = c.get('config').appSecret;
  const ref = c.req.param('ref');
  try {
    const answered = await answerFollowUp(c.get('db'), secret, ref, form.token, form);
    if (!answered) return renderPage(c, notFoundPage());
    return renderPage(c, {
      meta: { title: 'Thank you', description: 'Your donation record is complete.', noindex: true },
      body: (
        <div className="donate">
          <PageHero eyebrow="Donate" title="Thank you" />
          <Prose>
            <p role="status">
              Your employer and occupation are saved with your gifts to {answered.candidateName}.
            </p>
          </Prose>
        </div>
      ),
    });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const gift = await followUpGift(c.get('db'), secret, ref, form.token);
    return followUpForm(c, gift?.candidateName ?? '', form.token ?? '', {
      values: form,
      errors: error.fieldErrors,
      status: 400,
    });
  }
}
