import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_MEMBER } from '../../../api/doors/routes/realtime';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The security test opened 300 SSE streams for one member on /api/realtime. Each holds a
 * subscription, a socket and presence writes; a member gets MAX_STREAMS_PER_MEMBER (a few tabs).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate');
}, 120_000);
afterAll(() => t?.close());

async function signedIn(email: string) {
  const browser = new TestBrowser(t);
  expect((await browser.signIn(email, DEMO_PASSWORD)).status).toBe(200);
  return browser;
}

async function openStream(browser: TestBrowser) {
  const controller = new AbortController();
  const res = await browser.request('/api/realtime', { signal: controller.signal });
  // Like a browser, read the stream's first event before it may be closed.
  const reader = res.status === 200 ? res.body!.getReader() : null;
  if (reader) {
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  }
  const close = async () => {
    controller.abort();
    await (reader ? reader.cancel() : res.body?.cancel())?.catch(() => {});
  };
  return { res, close };
}

describe('SSE streams per member', () => {
  it(`accepts ${MAX_STREAMS_PER_MEMBER}, refuses the next with 429, and frees a slot when one closes`, async () => {
    expect(MAX_STREAMS_PER_MEMBER).toBe(5);
    const member = await signedIn('member@demo.campaignhq.test');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) {
      const stream = await openStream(member);
      expect(stream.res.status).toBe(200);
      streams.push(stream);
    }

    const refused = await openStream(member);
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/5 live connections/) },
    });

    // Another member is not affected by this one's streams.
    const other = await openStream(await signedIn('candidate@demo.campaignhq.test'));
    expect(other.res.status).toBe(200);
    await other.close();

    await streams.pop()!.close();
    let again = await openStream(member);
    // The slot is freed when the stream's loop notices the abort: poll until then.
    for (let tries = 0; again.res.status === 429 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openStream(member);
    }
    expect(again.res.status).toBe(200);
    await again.close();
    await Promise.all(streams.map((s) => s.close()));
  });
});
