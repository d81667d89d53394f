import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/** The live channels: SSE is always the session user's own; Ably tokens only for oneself. */
const idOf = async (t: TestApp, email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function signedIn(t: TestApp, email: string) {
  const browser = new TestBrowser(t);
  expect((await browser.signIn(email, DEMO_PASSWORD)).status).toBe(200);
  return browser;
}

/** Reads an SSE body until `until` matches or the time runs out. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: RegExp, ms: number) {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  while (!until.test(text) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, deadline - Date.now()))),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

describe('local realtime (Server-Sent Events)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await demoAccounts(t.db, 'member', 'candidate', 'organization');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses visitors and streams only the session user’s own channel', async () => {
    expect((await t.app.request('/api/realtime')).status).toBe(401);
    const a = await signedIn(t, 'member@demo.campaignhq.test');
    const b = await signedIn(t, 'candidate@demo.campaignhq.test');
    const idA = await idOf(t, 'member@demo.campaignhq.test');
    const idB = await idOf(t, 'candidate@demo.campaignhq.test');

    // Asking for B's channel still gives A's own.
    const controller = new AbortController();
    const res = await a.request(`/api/realtime?userId=${idB}&channel=${idB}`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    expect(await readUntil(reader, /event: ready/, 5000)).toContain(`"userId":${idA}`);

    // A message to B must not reach A's stream; one to A must.
    await b.trpc('messaging.send', { to: idA, body: 'to A', clientId: 'rt-1' });
    const c = await signedIn(t, 'organization@demo.campaignhq.test');
    await c.trpc('messaging.send', { to: idB, body: 'to B', clientId: 'rt-2' });
    // The message's notification follows its new-message; A's own sign-in notice (type 8) may
    // arrive first, through LISTEN/NOTIFY, so read past it.
    const text = await readUntil(reader, /event: new-message[\s\S]*event: notification/, 5000);
    expect(text).toContain('event: new-message');
    expect(text).toContain(`"from":${idB}`);
    expect(text).not.toContain(`"from":${await idOf(t, 'organization@demo.campaignhq.test')}`);
    controller.abort();
    await reader.cancel().catch(() => {});
  });
});

describe('Ably token URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ABLY_API_KEY: 'appid.keyid:secret' });
    await demoAccounts(t.db, 'member', 'candidate');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('issues a token request for the session user only', async () => {
    expect((await t.app.request('/api/ably')).status).toBe(401);
    const a = await signedIn(t, 'member@demo.campaignhq.test');
    const idA = await idOf(t, 'member@demo.campaignhq.test');
    const idB = await idOf(t, 'candidate@demo.campaignhq.test');
    const res = await a.request(`/api/ably?clientId=${idB}`);
    expect(res.status).toBe(200);
    const token = (await res.json()) as {
      keyName: string;
      clientId: string;
      capability: string;
      mac: string;
    };
    expect(token.keyName).toBe('appid.keyid');
    expect(token.clientId).toBe(String(idA));
    expect(JSON.parse(token.capability)).toEqual({
      [String(idA)]: ['history', 'subscribe'],
      onlineStatus: ['presence', 'subscribe'],
    });
    expect(token.mac).toBeTruthy();
    // Local SSE is off when Ably carries the events.
    expect((await a.request('/api/realtime')).status).toBe(404);
  });

  it('lets browsers reach Ably’s hosts in the CSP, on rendered and cached pages alike', async () => {
    for (const path of ['/about', '/']) {
      const csp = (await t.app.request(path)).headers.get('content-security-policy') ?? '';
      const connect = csp.split('; ').find((d) => d.startsWith('connect-src ')) ?? '';
      expect(connect).toContain('wss://*.ably.io');
      expect(connect).toContain('https://*.ably-realtime.com');
    }
  });
});
