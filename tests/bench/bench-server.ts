import { totpCodeForStep, totpStep } from '../../api/modules/accounts/totp';
import { DEMO_PASSWORD } from '../../api/seed/demo-accounts';
import { demoTotpKey } from '../../api/seed/demo-two-factor';

/** Helpers the crash and kill -9 benchmarks share: HTTP sign-in and a few statistics. */

/** Signs `email` in over HTTP, as the site's form does; returns the Cookie header to send. */
export async function signIn(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: header() },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true', email, password }),
    redirect: 'manual',
  });
  keep(res);
  const answer = (await res.json().catch(() => ({}))) as { url?: string };
  if (res.status >= 400) throw new Error(`sign-in of ${email} answered ${res.status}`);
  if (answer.url?.startsWith('/auth/two-factor')) {
    // Demo staff have two-factor sign-in with the demo secret (api/seed/demo-two-factor.ts). A
    // bench signs each account in once on a fresh database, so the current code is unused.
    const code = await fetch(`${base}/api/auth/callback/two-factor`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: header() },
      body: new URLSearchParams({
        csrfToken,
        callbackUrl: '/',
        json: 'true',
        code: totpCodeForStep(demoTotpKey(), totpStep(Date.now())),
      }),
      redirect: 'manual',
    });
    keep(code);
    await code.arrayBuffer();
    if (code.status >= 400) throw new Error(`the code step of ${email} answered ${code.status}`);
  }
  return header();
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
