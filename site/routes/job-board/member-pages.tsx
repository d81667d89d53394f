import { myApplications } from '../../../api/modules/job-board/applications';
import {
  deleteSavedSearch,
  listSavedSearches,
  parseSavedQuery,
  saveSearch,
} from '../../../api/modules/job-board/saved-searches';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { type OptionLabeler, optionLabeler } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext, RouteContext } from '../../server/page';
import { FormError } from './form-error';
import { domainFailure, first, idParam, postedFields } from './form-results';
import { dayText } from './job-format';

/** /jobs/applications: the member's applications and their statuses, live. */
export async function showMyApplications(c: PageContext) {
  const user = c.get('user')!;
  const applications = await myApplications(c.get('db'), user.id);
  return renderPage(c, {
    meta: {
      title: 'My applications',
      description: 'The jobs you applied to and where each stands.',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Jobs"
          title="My applications"
          lead="The jobs you applied to and where each stands."
        />
        <div className="page-body">
          <Island
            name="JobApplications"
            props={{ userId: user.id, realtime: c.get('realtime').kind, initial: applications }}
          />
        </div>
      </>
    ),
  });
}

/** A saved search in words: "organizer · Pennsylvania · Remote". */
function savedSearchText(query: string, label: OptionLabeler): string {
  const p = parseSavedQuery(query);
  const parts = [
    p.q && `“${p.q}”`,
    p.state && label('states', p.state),
    p.remote && 'Remote',
    p.jobtype && label('jobtype', p.jobtype),
    p.employment && label('employment', p.employment),
    p.position && label('position', p.position),
    ...p.skill.map((s) => label('skill', s)),
    p.pay === 'paid' ? 'Paid' : p.pay === 'volunteer' ? 'Volunteer' : null,
    p.payMin && `at least $${p.payMin.toLocaleString('en-US')} a year`,
  ].filter(Boolean);
  return parts.join(' · ') || 'Every job';
}

/** /jobs/saved: the member's saved searches; each emails a daily digest of new matches. */
async function savedSearchesPage(c: PageContext, formError?: string, status?: number) {
  const user = c.get('user')!;
  const db = c.get('db');
  const [searches, lists] = await Promise.all([listSavedSearches(db, user.id), getReferenceLists(db)]);
  const label = optionLabeler(lists);
  return renderPage(c, {
    status,
    meta: {
      title: 'Saved job searches',
      description: 'Searches that email you new jobs daily.',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Jobs"
          title="Saved job searches"
          lead="Each saved search emails you the new jobs that match it, once a day."
        />
        <div className="page-body">
          <FormError message={formError} />
          {searches.length === 0 ? (
            <p role="status">
              No saved searches yet. <a href="/jobs">Search jobs</a> and choose “Save this search”.
            </p>
          ) : (
            <ul className="job-saved-searches">
              {searches.map((s) => (
                <li key={s.id}>
                  <a href={s.query ? `/jobs?${s.query}` : '/jobs'}>{savedSearchText(s.query, label)}</a>{' '}
                  <span>saved {dayText(s.savedAt)}</span>
                  <form method="post" action={`/jobs/saved/${s.id}/delete`}>
                    <button type="submit" className="button button--small">
                      Delete
                      <span className="visually-hidden"> the search {savedSearchText(s.query, label)}</span>
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </div>
      </>
    ),
  });
}

export function showSavedSearches(c: PageContext) {
  return savedSearchesPage(c);
}

/** POST /jobs/saved: saves the search the /jobs form posted (its query string). */
export async function saveSearchFromForm(c: PageContext) {
  const user = c.get('user')!;
  const query = first(await postedFields(c), 'query').slice(0, 2000);
  const params = parseSavedQuery(query);
  try {
    await saveSearch(c.get('db'), user.id, params);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return savedSearchesPage(c, failure.formError, failure.status);
  }
  const back = new URLSearchParams(query);
  back.set('saved', '1');
  return c.redirect(`/jobs?${back}`, 303);
}

export async function deleteSavedSearchFromForm(c: RouteContext<'/jobs/saved/:id/delete'>) {
  const id = idParam(c.req.param('id'));
  try {
    if (id) await deleteSavedSearch(c.get('db'), c.get('user')!.id, id);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return savedSearchesPage(c, failure.formError, failure.status);
  }
  return c.redirect('/jobs/saved', 303);
}
