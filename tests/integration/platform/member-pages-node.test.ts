import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../api/auth/sessions';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Over a real Node server, where the app reads cookies and headers from Node's request: every
 * member gets their own header, a repeat gets the same bytes, and a filter shows the value
 * chosen in its own request.
 */
let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;
interface Member {
  id: number;
  first: string;
  cookie: string;
}
const members: Member[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate');
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const email of ['member@demo.campaignhq.test', 'candidate@demo.campaignhq.test']) {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const { token } = await createSession(t.db, user.id, { ip: 'test' });
    members.push({ id: user.id, first: user.first_name ?? '', cookie: `hq_session=${token}` });
  }
}, 120_000);
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

/** A page as a browser gets it, keeping the CSRF cookie the first answer sets. */
async function page(path: string, cookie: string) {
  const res = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
  const csrf = res.headers.getSetCookie().find((c) => c.startsWith('hq_csrf='));
  return { status: res.status, html: await res.text(), csrf: csrf?.split(';')[0] };
}

describe('signed-in pages over HTTP', () => {
  it('give each member their own header, the same bytes when nothing changed', async () => {
    for (const path of ['/notifications', '/settings', '/messaging']) {
      const seen: string[] = [];
      const pairs: [Member, Member][] = [
        [members[0]!, members[1]!],
        [members[1]!, members[0]!],
      ];
      for (const [me, other] of pairs) {
        const first = await page(path, me.cookie);
        expect(first.status, path).toBe(200);
        const cookie = `${me.cookie}; ${first.csrf}`;
        const again = await page(path, cookie);
        const third = await page(path, cookie);
        expect(again.html).toContain(`Hi, ${me.first}`);
        expect(again.html).not.toContain(`Hi, ${other.first}`);
        expect(again.html).toContain(`&quot;userId&quot;:${me.id}`);
        // The tracker reports this member's page views and no one else's.
        const trackers = again.html.match(/data-island="Tracker"[^>]*data-props="[^"]*"/g) ?? [];
        expect(trackers).toHaveLength(1);
        expect(trackers[0]).toContain(`data-props="{&quot;userId&quot;:${me.id}}"`);
        expect(third.html).toBe(again.html);
        seen.push(again.html);
      }
      expect(seen[0]).not.toBe(seen[1]);
    }
  });

  it('show the search filter chosen in each request', async () => {
    const states = await t.db
      .selectFrom('reference_options')
      .select('value')
      .where('list_name', '=', 'states')
      .orderBy('position')
      .limit(2)
      .execute();
    expect(states).toHaveLength(2);
    for (let round = 0; round < 2; round++) {
      for (const { value } of states) {
        const { html } = await page(`/search?state=${value}`, members[0]!.cookie);
        const select = html.match(/<select id="search-state"[\s\S]*?<\/select>/)?.[0] ?? '';
        expect(select).toContain(`<option value="${value}" selected="">`);
        expect(select.match(/selected=""/g)).toHaveLength(1);
      }
    }
  });
});
