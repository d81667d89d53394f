import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateSummary } from '../../../api/modules/affiliates/summary';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { checkoutAs, seedShopFixture } from '../../factories/shop';
import { signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The affiliate program through its doors (docs/decisions/0031-affiliates-and-partner-revenue.md): a member joins from /affiliates,
 * a visitor arrives through `?ref=CODE` on any page (the referral middleware counts the click and
 * sets the first-party cookie), and their checkout is attributed from that cookie.
 */
let t: TestApp;
const MEMBER = 'member@demo.campaignhq.test';
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
  'x-forwarded-for': '10.1.2.3',
};

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member');
});
afterAll(() => t?.close());

describe('joining and the affiliate dashboard', () => {
  it('shows visitors how to sign in, lets a member join, and shows their code and figures', async () => {
    const visitorPage = await (await new TestBrowser(t).request('/affiliates')).text();
    expect(visitorPage).toContain('sign in to join');

    const member = await signedIn(t, MEMBER, DEMO_PASSWORD);
    expect(await (await member.request('/affiliates')).text()).toContain('Join the affiliate program');
    const joined = await member.form('/affiliates/join', {});
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe('/affiliates/dashboard');
    const dashboard = await (await member.request('/affiliates/dashboard')).text();
    const code = /data-testid="affiliate-code">([A-Z0-9]+)</.exec(dashboard)?.[1];
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(dashboard).toContain(`/?ref=${code}`);
    expect(await (await member.request('/affiliates')).text()).toContain('Open your affiliate dashboard');
  });

  it('sends visitors to sign in and members who have not joined to /affiliates', async () => {
    const visitor = await new TestBrowser(t).request('/affiliates/dashboard');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toContain('/api/auth/signin');
    const join = await new TestBrowser(t).form('/affiliates/join', {});
    expect(join.status).toBe(302);
  });
});

describe('a visit through ?ref=CODE', () => {
  it('counts the click once, keeps the first touch and attributes the checkout', async () => {
    const member = await signedIn(t, MEMBER, DEMO_PASSWORD);
    await member.form('/affiliates/join', {});
    const memberId = await userId(t, MEMBER);
    const before = (await affiliateSummary(t.db, memberId))!;

    const visitor = new TestBrowser(t, BROWSER);
    const landing = await visitor.request(`/about?ref=${before.code.toLowerCase()}`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('set-cookie')).toMatch(/hq_ref=[\w-]+;.*HttpOnly/i);
    expect(visitor.hasCookie('hq_ref')).toBe(true);
    await visitor.request(`/merchandise?ref=${before.code}`);
    // The same person in another browser the same day: still one click.
    await new TestBrowser(t, BROWSER).request(`/?ref=${before.code}`);
    // The affiliate's own visit counts for nothing.
    await member.request(`/?ref=${before.code}`);
    expect((await affiliateSummary(t.db, memberId))!.clicks).toBe(before.clicks + 1);

    const { variantIds } = await seedShopFixture(t.db);
    const answer = await checkoutAs(
      visitor,
      { items: [{ variantId: variantIds[0], quantity: 1 }] },
      '10.1.2.3',
    );
    expect(answer.status).toBe(200);
    const order = await t.db
      .selectFrom('orders as o')
      .innerJoin('affiliates as a', 'a.id', 'o.affiliate_id')
      .select('a.code')
      .where('o.number', '=', answer.started!.orderNumber)
      .executeTakeFirst();
    expect(order?.code).toBe(before.code);
  });

  it('ignores codes that are no referral and other pages’ ref parameters', async () => {
    const visitor = new TestBrowser(t, BROWSER);
    const res = await visitor.request('/about?ref=SUB-1234');
    expect(res.status).toBe(200);
    expect(visitor.hasCookie('hq_ref')).toBe(false);
    await visitor.request('/about?ref=NOSUCHCODE1');
    expect(visitor.hasCookie('hq_ref')).toBe(false);
  });
});
