import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, validateSessionToken } from '../../../api/auth/sessions';
import { FEATURES } from '../../../api/contract/feature-names';
import { sendMessage } from '../../../api/modules/messaging/service';
import { readHeaderAccount } from '../../../api/modules/people/header-account';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * The signed-in header's own query (api/modules/people/header-account.ts): unread messages, the
 * donations toggle and the staff permissions of the session, in one statement; and the header of
 * a signed-in page showing them. The session query returns the session alone.
 */
let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const made = await demoAccounts(t.db, 'member', 'candidate', 'admin', 'vendor');
  for (const [who, { id }] of Object.entries(made)) ids[who] = id;
}, 120_000);
afterAll(() => t.close());

/** The same database handle, counting the statements it runs. */
function counted() {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: t.db.withPlugin(plugin), count: () => queries };
}

const header = (who: string, secondFactor = false) => readHeaderAccount(t.db, ids[who]!, { secondFactor });

async function cookieFor(who: string, secondFactor = false) {
  const { token } = await createSession(t.db, ids[who]!, { ip: 'test', secondFactor });
  return `hq_session=${token}`;
}

describe('the header’s query', () => {
  it('counts the member’s unread messages in one statement', async () => {
    const before = await header('member');
    await sendMessage(t.db, t.realtime, ids.candidate!, {
      to: ids.member!,
      body: 'Hello there',
      clientId: 'h-1',
    });
    await sendMessage(t.db, t.realtime, ids.candidate!, {
      to: ids.member!,
      body: 'And again',
      clientId: 'h-2',
    });
    const { db, count } = counted();
    const after = await readHeaderAccount(db, ids.member!, { secondFactor: false });
    expect(count()).toBe(1);
    expect(after.unreadMessages).toBe(before.unreadMessages + 2);
    expect(after.staffPermissions).toEqual([]);
  });

  it('reads the donations toggle', async () => {
    const setToggle = (enabled: boolean) =>
      t.db
        .updateTable('feature_toggles')
        .set({ enabled })
        .where('name', '=', FEATURES.campaignDonations)
        .execute();
    await setToggle(false);
    expect((await header('candidate')).campaignDonationsEnabled).toBe(false);
    await setToggle(true);
    expect((await header('candidate')).campaignDonationsEnabled).toBe(true);
  });

  it('gives staff their permissions once the session proved a second factor, and none before', async () => {
    expect((await header('admin', true)).staffPermissions).toContain('VIEW_ANALYTICS_HEATMAP');
    expect((await header('admin', false)).staffPermissions).toEqual([]);
  });

  it('gives vendors no message badge', async () => {
    expect((await header('vendor')).unreadMessages).toBe(0);
  });
});

describe('the session query', () => {
  it('returns the session and its user alone, in one statement', async () => {
    const { token } = await createSession(t.db, ids.member!, { ip: 'test' });
    const { db, count } = counted();
    const session = (await validateSessionToken(db, token))!;
    expect(count()).toBe(1);
    expect(session.user.id).toBe(ids.member);
    expect(Object.keys(session).sort()).toEqual([
      'expiresAt',
      'renewed',
      'secondFactor',
      'secondFactorOwed',
      'sessionId',
      'user',
    ]);
  });
});

describe('a signed-in page’s header', () => {
  it('shows the unread count', async () => {
    const unread = (await header('member')).unreadMessages;
    expect(unread).toBeGreaterThan(0);
    const html = await (
      await t.app.request('/settings', { headers: { cookie: await cookieFor('member') } })
    ).text();
    expect(html).toContain(`&quot;count&quot;:${unread}`);
  });

  it('offers the heatmap overlay to staff with the permission once their session proved a second factor', async () => {
    const page = async (cookie: string) => (await t.app.request('/', { headers: { cookie } })).text();
    expect(await page(await cookieFor('admin', true))).toContain('data-island="HeatmapOverlay"');
    expect(await page(await cookieFor('admin', false))).not.toContain('data-island="HeatmapOverlay"');
    expect(await page(await cookieFor('member'))).not.toContain('data-island="HeatmapOverlay"');
  });
});
