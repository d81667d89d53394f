import { DEMO_PASSWORD } from '../../api/seed/demo-accounts';
import type { StaffRole } from '../../db/schema';
import { type TestApp, TestBrowser } from './test-app';

/** The demo login of each staff role (api/seed/demo-accounts.ts). */
export const STAFF_EMAIL: Record<StaffRole, string> = {
  SUPER_ADMIN: 'admin@demo.campaignhq.test',
  SUPPORT: 'support@demo.campaignhq.test',
  MARKETING: 'marketing@demo.campaignhq.test',
  FINANCE: 'finance@demo.campaignhq.test',
  SECURITY: 'security@demo.campaignhq.test',
  ANALYTICS: 'analytics@demo.campaignhq.test',
  SALES: 'sales@demo.campaignhq.test',
};

/** A browser signed in as `email`; throws when the sign-in is refused. */
export async function signedIn(
  t: TestApp,
  email: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
): Promise<TestBrowser> {
  const browser = new TestBrowser(t, headers);
  const res = await browser.signIn(email, password);
  if (res.status !== 200) throw new Error(`Sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  return browser;
}

/** JSON to and from the console's REST API, as ra-data-simple-rest sends it. */
export async function rest(browser: TestBrowser, method: string, path: string, body?: unknown) {
  const res = await browser.request(`/api/admin/rest${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, json };
}

/** A list URL in ra-data-simple-rest's query format. */
export function listPath(
  resource: string,
  q: { sort?: [string, 'ASC' | 'DESC']; range?: [number, number]; filter?: object; format?: 'csv' } = {},
) {
  const params = new URLSearchParams();
  if (q.sort) params.set('sort', JSON.stringify(q.sort));
  if (q.range) params.set('range', JSON.stringify(q.range));
  if (q.filter) params.set('filter', JSON.stringify(q.filter));
  if (q.format) params.set('format', q.format);
  const query = params.toString();
  return `/${resource}${query ? `?${query}` : ''}`;
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}
