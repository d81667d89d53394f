import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../api/auth/passwords';
import { MEMBERSHIP_TIERS } from '../../../api/contract/membership';
import { createAppPayableOwners } from '../../../api/modules/payable-owners';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { aCandidate } from '../../factories/donations';
import { recurringPlanOf } from '../../factories/payables';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/** The membership procedures (docs/decisions/0024-membership.md) as the membership page's island calls them. */
let t: TestApp;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

async function candidateBrowser() {
  const c = await aCandidate(t.db);
  await t.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD), email_verified_at: new Date() })
    .where('id', '=', c.id)
    .execute();
  return { id: c.id, browser: await signedIn(t, `${c.handle}@example.test`, PASSWORD) };
}

type Body = {
  result?: { data: { json: Record<string, unknown> } };
  error?: { json: { message: string; data: { zodError?: { fieldErrors: Record<string, string[]> } } } };
};

async function call(browser: TestBrowser, path: string, input?: unknown) {
  const res = await browser.trpc(path, input);
  return { status: res.status, body: (await res.json()) as Body };
}

describe('membership procedures', () => {
  it('list the tiers of both tracks to anyone', async () => {
    const res = await new TestBrowser(t).request('/api/doors/trpc/membership.tiers');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { json: unknown } } };
    expect(body.result.data.json).toEqual(MEMBERSHIP_TIERS);
  });

  it('refuse visitors', async () => {
    const visitor = new TestBrowser(t);
    expect((await visitor.request('/api/doors/trpc/membership.mine')).status).toBe(401);
    expect((await visitor.trpc('membership.subscribe', { tier: 'campaign' })).status).toBe(401);
    expect((await visitor.trpc('membership.cancel')).status).toBe(401);
  });

  it('subscribe a member, answering where to pay; bad input is a field error and stores nothing', async () => {
    const { id, browser } = await candidateBrowser();
    const bad = await call(browser, 'membership.subscribe', { tier: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.json.data.zodError?.fieldErrors.tier).toEqual(['Choose a paid tier.']);
    const wrongTrack = await call(browser, 'membership.subscribe', { tier: 'organizer' });
    expect(wrongTrack.status).toBe(400);
    expect(wrongTrack.body.error?.json.data.zodError?.fieldErrors.tier).toEqual([
      'Organizer is not a tier for your account.',
    ]);
    const none = await t.db
      .selectFrom('membership_subscriptions')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(none).toHaveLength(0);

    const started = await call(browser, 'membership.subscribe', { tier: 'campaign' });
    expect(started.status).toBe(200);
    const { reference, payUrl } = started.body.result!.data.json as { reference: string; payUrl: string };
    const plan = await recurringPlanOf(t.db, payUrl);
    expect(plan).toMatchObject({ payable: { kind: 'subscription', reference }, amountCents: 2900 });

    const deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
    await startTestSubscription(deps, plan, TEST_CARDS.succeeds);
    const mine = await call(browser, 'membership.mine');
    expect(mine.body.result?.data.json).toMatchObject({
      tier: 'campaign',
      status: 'active',
      verifiedBadge: true,
    });

    const cancelled = await call(browser, 'membership.cancel');
    expect(cancelled.body.result?.data.json).toMatchObject({ tier: 'campaign', status: 'cancelling' });
    const resumed = await call(browser, 'membership.resume');
    expect(resumed.body.result?.data.json).toMatchObject({ tier: 'campaign', status: 'active' });
    const again = await call(browser, 'membership.resume');
    expect(again.status).toBe(409);
  });

  it('refuses a cross-site subscribe before it reaches the procedure', async () => {
    const { id, browser } = await candidateBrowser();
    const res = await browser.request('/api/doors/trpc/membership.subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ json: { tier: 'campaign' } }),
    });
    expect(res.status).toBe(403);
    const rows = await t.db
      .selectFrom('membership_subscriptions')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('rate limits subscribing to 10 in 10 minutes per member', async () => {
    const { browser } = await candidateBrowser();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await browser.trpc('membership.subscribe', { tier: i % 2 ? 'campaign' : 'campaign-pro' })).status,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
