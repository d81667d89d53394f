import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, validateSessionToken } from '../../../api/auth/sessions';
import { FEATURES } from '../../../api/contract/feature-names';
import { sendMessage } from '../../../api/modules/messaging/service';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * A signed-in page reads the session and its header's data (unread messages, the donations
 * toggle, staff permissions) in one round trip (issue 17 item 4).
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

async function tokenFor(who: string) {
  return (await createSession(t.db, ids[who]!, { ip: 'test' })).token;
}

describe('the session with the header’s data', () => {
  it('counts the member’s unread messages in the session query itself', async () => {
    const before = (await validateSessionToken(t.db, await tokenFor('member'), { withHeader: true }))!;
    await sendMessage(t.db, t.realtime, ids.candidate!, {
      to: ids.member!,
      body: 'Hello there',
      clientId: 'sh-1',
    });
    await sendMessage(t.db, t.realtime, ids.candidate!, {
      to: ids.member!,
      body: 'And again',
      clientId: 'sh-2',
    });
    const { db, count } = counted();
    const session = (await validateSessionToken(db, await tokenFor('member'), { withHeader: true }))!;
    expect(count()).toBe(1);
    expect(session.user.id).toBe(ids.member);
    expect(session.header!.unreadMessages).toBe(before.header!.unreadMessages + 2);
    expect(session.header!.staffPermissions).toBeNull();
  });

  it('reads the donations toggle and a staff member’s permissions in that query', async () => {
    await t.db
      .updateTable('feature_toggles')
      .set({ enabled: false })
      .where('name', '=', FEATURES.campaignDonations)
      .execute();
    const candidate = (await validateSessionToken(t.db, await tokenFor('candidate'), { withHeader: true }))!;
    expect(candidate.header!.campaignDonationsEnabled).toBe(false);
    await t.db
      .updateTable('feature_toggles')
      .set({ enabled: true })
      .where('name', '=', FEATURES.campaignDonations)
      .execute();
    const admin = (await validateSessionToken(t.db, await tokenFor('admin'), { withHeader: true }))!;
    expect(admin.header!.staffPermissions).toContain('VIEW_ANALYTICS_HEATMAP');
  });

  it('gives vendors no message badge, and API calls no header data', async () => {
    const vendor = (await validateSessionToken(t.db, await tokenFor('vendor'), { withHeader: true }))!;
    expect(vendor.header!.unreadMessages).toBe(0);
    expect((await validateSessionToken(t.db, await tokenFor('member')))!.header).toBeUndefined();
  });

  it('shows the unread count in a signed-in page’s header', async () => {
    const cookie = `hq_session=${await tokenFor('member')}`;
    const html = await (await t.app.request('/settings', { headers: { cookie } })).text();
    const unread = (await validateSessionToken(t.db, await tokenFor('member'), { withHeader: true }))!.header!
      .unreadMessages;
    expect(unread).toBeGreaterThan(0);
    expect(html).toContain(`&quot;count&quot;:${unread}`);
  });
});
