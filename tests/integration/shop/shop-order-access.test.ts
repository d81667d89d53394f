import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { checkoutAs, placePaidOrder, seedShopFixture } from '../../factories/shop';
import { signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Security finding 11 (docs/decisions/0016-checkout-guards.md): /ordersuccess and /orderfailed show an order only to
 * whoever placed it, the browser that started its checkout or the signed-in owner. Anyone else
 * gets the very page a missing order gets: no number, items, totals or reason.
 */
let t: TestApp;
const MEMBER = 'member@demo.campaignhq.test';

beforeAll(async () => {
  t = await createTestApp();
  // The buyer and another member; products come from seedShopFixture in each test.
  await demoAccounts(t.db, 'member', 'vendor');
}, 120_000);
afterAll(() => t?.close());

/** The page's <main>, where the order would be. */
async function mainOf(browser: TestBrowser, path: string) {
  const html = await (await browser.request(path)).text();
  return (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '').replaceAll('<!-- -->', '');
}

/** A browser that opened /cart, checked out one unit and paid with `card` on the test gateway. */
async function buyAndPay(card: string) {
  const { variantIds } = await seedShopFixture(t.db, [5]);
  const browser = new TestBrowser(t);
  await browser.request('/cart');
  const { started } = await checkoutAs(browser, { items: [{ variantId: variantIds[0]!, quantity: 2 }] });
  const payUrl = started!.payUrl;
  const token = new URL(payUrl, 'http://x').searchParams.get('token')!;
  const paid = await browser.form(payUrl.split('?')[0]!, { token, card });
  return { browser, number: started!.orderNumber, location: paid.headers.get('location')! };
}

describe('finding 11: order result pages for the buyer only', () => {
  it('shows /ordersuccess to the buying browser and a stranger the same page as a missing order', async () => {
    const { browser, number, location } = await buyAndPay('4242424242424242');
    expect(location).toBe(`/ordersuccess?order=${number}`);
    const own = await mainOf(browser, location);
    expect(own).toContain(number);
    expect(own).toContain('2 × Fixture Tee (M, Navy)');
    expect(own).toContain('Total $55.99');

    const stranger = await mainOf(new TestBrowser(t), location);
    expect(stranger).not.toContain(number);
    expect(stranger).not.toContain('Fixture Tee');
    expect(stranger).not.toContain('$');
    expect(stranger).toBe(await mainOf(new TestBrowser(t), '/ordersuccess?order=CHQ-NOTREAL1'));
  });

  it('shows /orderfailed with its reason to the buying browser only', async () => {
    const { browser, number, location } = await buyAndPay('4000000000000002');
    expect(location).toBe(`/orderfailed?order=${number}`);
    expect(await mainOf(browser, location)).toContain('Your card was declined.');

    const stranger = await mainOf(new TestBrowser(t), location);
    expect(stranger).not.toContain('declined');
    expect(stranger).toBe(await mainOf(new TestBrowser(t), '/orderfailed?order=CHQ-NOTREAL1'));
  });

  it('hides a pending order (held minutes, "confirming" refresh) from another browser', async () => {
    const { variantIds } = await seedShopFixture(t.db, [5]);
    const buyer = new TestBrowser(t);
    const { started } = await checkoutAs(buyer, { items: [{ variantId: variantIds[0]!, quantity: 1 }] });
    const number = started!.orderNumber;
    expect(await mainOf(buyer, `/orderfailed?order=${number}`)).toMatch(/stay reserved/);
    const res = await new TestBrowser(t).request(`/ordersuccess?order=${number}`);
    expect(res.headers.get('refresh')).toBeNull();
    const stranger = await mainOf(new TestBrowser(t), `/orderfailed?order=${number}`);
    expect(stranger).not.toMatch(/stay reserved/);
    expect(stranger).toBe(await mainOf(new TestBrowser(t), '/orderfailed?order=CHQ-NOTREAL1'));
  });

  it('shows a member their own order from any browser once signed in, and not to another member', async () => {
    const memberId = await userId(t, MEMBER);
    const order = await placePaidOrder(t.db, t.config, { userId: memberId, email: MEMBER });
    const path = `/ordersuccess?order=${order.number}`;
    const member = await signedIn(t, MEMBER, DEMO_PASSWORD);
    expect(await mainOf(member, path)).toContain(order.number);
    const other = await signedIn(t, 'vendor@demo.campaignhq.test', DEMO_PASSWORD);
    expect(await mainOf(other, path)).not.toContain(order.number);
  });

  it('sets the checkout cookie HttpOnly on /cart, once', async () => {
    const browser = new TestBrowser(t);
    const first = await browser.request('/cart');
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('hq_checkout='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const again = await browser.request('/cart');
    expect(again.headers.getSetCookie().some((c) => c.startsWith('hq_checkout='))).toBe(false);
  });
});
