import { createApp } from '../../api/app';
import { loadConfig } from '../../api/platform/config';
import type { EmailPort } from '../../api/ports/email';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createJobsPort, type JobsPort } from '../../api/ports/queue';
import { createRealtimePort } from '../../api/ports/realtime';
import { devAssets } from '../../site/server/assets';
import { createTestDatabase } from './test-db';
import { demoStaffCode } from './two-factor';

/**
 * The real Hono app over a fresh migrated database, driven with app.request().
 * Assets resolve to source paths: these tests read HTML, they do not load scripts.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  ports: { email?: EmailPort; jobs?: JobsPort } = {},
) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...env });
  // Built here (not inside createApp) so tests can listen to a user's channel.
  const realtime = createRealtimePort(config, database);
  // The queue the console reads and requests send to; it polls nothing unless a test calls work().
  const jobs = ports.jobs ?? createJobsPort(database, { supervise: false, pollingIntervalSeconds: 0.5 });
  const app = createApp({
    config,
    database,
    assets: devAssets(),
    email: ports.email ?? outboxEmail(),
    realtime,
    jobs,
  });
  const origin = config.appUrl;

  /** A same-origin browser request, as a form or island would send it. */
  function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
    return app.request(path, { method: 'POST', body, headers: { origin, ...headers } });
  }

  function trpc(path: string, input: unknown, headers: Record<string, string> = {}) {
    return post(`/api/doors/trpc/${path}`, JSON.stringify({ json: input }), {
      'content-type': 'application/json',
      ...headers,
    });
  }

  /** Stops like the server does: the app first (flushing buffered analytics), then the database. */
  async function close() {
    await app.close();
    await jobs.stop({ timeoutMs: 1000 });
    await realtime.close();
    await database.close();
  }

  return { app, database, db: database.db, config, realtime, jobs, post, trpc, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A tiny browser for app.request(): keeps cookies between calls and speaks the Auth.js
 * form contract, so tests sign in exactly as the site does.
 */
export class TestBrowser {
  private cookies = new Map<string, string>();

  constructor(
    private readonly t: TestApp,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookie(name: string) {
    return this.cookies.has(name);
  }

  async request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (init.method && init.method !== 'GET' && !headers.has('origin'))
      headers.set('origin', this.t.config.appUrl);
    const res = await this.t.app.request(path, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired =
        attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  async csrf(): Promise<string> {
    const res = await this.request('/api/auth/csrf');
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  async form(path: string, fields: Record<string, string>) {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /**
   * Signs in as the site does. Demo staff have two-factor sign-in with the demo secret
   * (api/seed/demo-two-factor.ts): for them the code step follows, with the current code.
   * Other accounts with a second factor get the password step's answer (see passwordStep).
   */
  async signIn(email: string, password: string, callbackUrl = '/') {
    const first = await this.passwordStep(email, password, callbackUrl);
    const { url } = (await first
      .clone()
      .json()
      .catch(() => ({}))) as { url?: string };
    if (first.status !== 200 || !url?.startsWith('/auth/two-factor')) return first;
    const code = await demoStaffCode(this.t, email);
    if (code === null) return first;
    return this.form('/api/auth/callback/two-factor', {
      csrfToken: await this.csrf(),
      callbackUrl,
      json: 'true',
      code,
    });
  }

  /** Only the email and password step. */
  async passwordStep(email: string, password: string, callbackUrl = '/') {
    const csrfToken = await this.csrf();
    return this.form('/api/auth/callback/credentials', {
      csrfToken,
      callbackUrl,
      json: 'true',
      email,
      password,
    });
  }

  async trpc(path: string, input?: unknown) {
    return this.request(`/api/doors/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input === undefined ? {} : { json: input }),
    });
  }
}
