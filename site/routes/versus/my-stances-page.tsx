import { ISSUES, STANCE_LABELS, STANCE_STATEMENT_MAX, STANCES } from '../../../api/contract/issue-stances';
import type { SessionUser } from '../../../api/contract/session-user';
import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { saveStancesInput } from '../../../api/modules/stances/schema';
import { saveStances, stancesOf } from '../../../api/modules/stances/service';
import { PageHero } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { formFields } from '../people/member-pages';

type Values = Record<string, { stance: string; statement: string }>;

/**
 * /versus/my-stances: a candidate states support, oppose or neutral and one sentence on each issue
 * of the reference list; the contrast page and their profile show them. Other members get 403.
 */
async function stancesPage(
  c: PageContext,
  user: SessionUser,
  state: { values?: Values; errors?: Record<string, string>; formError?: string; saved?: boolean } = {},
  status = 200,
) {
  const values: Values = state.values ?? (await stancesOf(c.get('db'), user.id));
  return renderPage(c, {
    status,
    meta: { title: 'My stances', description: 'Where you stand on the issues.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Candidates"
          title="My stances"
          lead="Where you stand on the issues voters compare."
        />
        <div className="prose">
          {state.saved && (
            <p className="notice notice--success" role="status">
              Your stances are saved.
            </p>
          )}
          {state.formError && (
            <p className="notice notice--error" role="alert">
              {state.formError}
            </p>
          )}
          <form method="post" action="/versus/my-stances" className="form stance-form">
            {ISSUES.map((issue) => {
              const error = state.errors?.[issue.key];
              return (
                <fieldset key={issue.key} aria-describedby={error ? `stance-${issue.key}-error` : undefined}>
                  <legend>{issue.label}</legend>
                  <label htmlFor={`stance-${issue.key}`}>Stance</label>
                  <select
                    id={`stance-${issue.key}`}
                    name={`stance.${issue.key}`}
                    defaultValue={values[issue.key]?.stance ?? ''}
                  >
                    <option value="">No stance stated</option>
                    {STANCES.map((s) => (
                      <option key={s} value={s}>
                        {STANCE_LABELS[s]}
                      </option>
                    ))}
                  </select>
                  <label htmlFor={`statement-${issue.key}`}>In one sentence</label>
                  <input
                    id={`statement-${issue.key}`}
                    name={`statement.${issue.key}`}
                    maxLength={STANCE_STATEMENT_MAX}
                    defaultValue={values[issue.key]?.statement ?? ''}
                  />
                  {error && (
                    <p id={`stance-${issue.key}-error`} className="field-error">
                      {error}
                    </p>
                  )}
                </fieldset>
              );
            })}
            <button type="submit" className="button button--primary">
              Save my stances
            </button>
          </form>
        </div>
      </>
    ),
  });
}

function candidateOnly(c: PageContext, user: SessionUser) {
  return user.candidate ? null : c.text('Only candidates state stances on the issues.', 403);
}

export function showMyStances(c: PageContext, user: SessionUser) {
  return candidateOnly(c, user) ?? stancesPage(c, user, { saved: c.req.query('saved') === '1' });
}

export async function saveMyStances(c: PageContext, user: SessionUser) {
  const refused = candidateOnly(c, user);
  if (refused) return refused;
  const fields = await formFields(c);
  const values: Values = Object.fromEntries(
    ISSUES.map((i) => [
      i.key,
      { stance: fields[`stance.${i.key}`] ?? '', statement: fields[`statement.${i.key}`] ?? '' },
    ]),
  );
  const entries = ISSUES.map((i) => ({ issue: i.key, ...values[i.key]! }));
  const parsed = saveStancesInput.safeParse(entries);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = ISSUES[Number(issue.path[0])]?.key;
      if (key && !errors[key]) errors[key] = issue.message;
    }
    return stancesPage(c, user, { values, errors }, 400);
  }
  try {
    await saveStances(c.get('db'), user.id, parsed.data);
  } catch (error) {
    if (error instanceof RateLimitedError)
      return stancesPage(c, user, { values, formError: error.message }, 429);
    if (error instanceof ValidationError)
      return stancesPage(c, user, { values, formError: error.message }, 400);
    throw error;
  }
  return c.redirect('/versus/my-stances?saved=1', 303);
}
