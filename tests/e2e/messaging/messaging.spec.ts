import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';

/**
 * Messaging and notifications live, with two signed-in browsers (docs/decisions/0006-realtime-messaging.md): the badge, the
 * thread and the read receipt update without a reload; the notification popover's tabs,
 * sections, 'See all', disabled 'Mark All as Read', empty text, ages and click-to-route.
 */
async function member(browser: Browser, local: string, path = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demo(local), path);
  await hydrated(page, 'MessageBadge');
  return page;
}

/** The signed-in user's id, from the header island's props. */
async function userIdOf(page: Page): Promise<number> {
  const props = await page.locator('[data-island="MessageBadge"]').getAttribute('data-props');
  return (JSON.parse(props ?? '{}') as { userId: number }).userId;
}

async function realtimeReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'ready');
}

const badge = (page: Page) => page.locator('header [data-badge="messages"]');

test('A sends to B: badge, live message, read receipt', async ({ browser }) => {
  const b = await member(browser, 'candidate', '/messaging');
  const idB = await userIdOf(b);
  await hydrated(b, 'Messenger');
  await realtimeReady(b);
  await expect(badge(b)).toBeHidden();

  const a = await member(browser, 'member', `/messaging?to=${idB}`);
  await expect(a).toHaveURL(new RegExp(`/messaging\\?to=${idB}$`));
  await hydrated(a, 'Messenger');
  await realtimeReady(a);
  await a.getByLabel('Message', { exact: true }).fill('Hello from A, live!');
  await a.getByRole('button', { name: 'Send' }).click();
  const mine = a.getByRole('log').getByRole('listitem').filter({ hasText: 'Hello from A, live!' });
  await expect(mine).toContainText('Sent');
  // B holds a live stream, so A's conversation list shows B online ('onlineStatus').
  await expect(
    a.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: /Marisol Grant/ }),
  ).toContainText('Online');

  // B: the badge goes up and the conversation appears, without a reload.
  await expect(badge(b)).toBeVisible();
  await expect(badge(b)).toHaveAttribute('data-count', '1');
  const conversation = b.getByRole('navigation', { name: 'Conversations' }).getByRole('button', {
    name: /Jordan Rivera/,
  });
  await expect(conversation).toContainText('Hello from A, live!');

  // B opens the thread: A sees the read receipt, B's badge goes down.
  await conversation.click();
  await expect(b.getByRole('log')).toContainText('Hello from A, live!');
  await expect(badge(b)).toBeHidden();
  await expect(mine).toContainText('Read');

  // With the thread open, the next message appears in it without a reload.
  await a.getByLabel('Message', { exact: true }).fill('And a second one');
  await a.getByRole('button', { name: 'Send' }).click();
  await expect(b.getByRole('log')).toContainText('And a second one');
  await expect(
    a.getByRole('log').getByRole('listitem').filter({ hasText: 'And a second one' }),
  ).toContainText('Read');

  // Over 2,000 characters: a clear error and nothing sent.
  await a.getByLabel('Message', { exact: true }).fill('x'.repeat(2001));
  await a.getByRole('button', { name: 'Send' }).click();
  await expect(a.getByRole('alert')).toHaveText('Messages can be at most 2,000 characters.');
  await a.context().close();
  await b.context().close();
});

test('the notification popover: sign-in notice, empty, tabs, Newest and Older, See all, click to route', async ({
  browser,
}) => {
  // 'security' is signed in by no other spec, so its notifications are exactly the ones made here.
  const org = await member(browser, 'security');
  const idOrg = await userIdOf(org);
  await realtimeReady(org);
  await hydrated(org, 'NotificationBell');
  const bell = org.locator('header').getByRole('link', { name: /^Notifications/ });
  await bell.click();
  const dialog = org.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

  // The sign-in itself is the first notification (type 8, security).
  const signInNotice = dialog.getByRole('region', { name: 'Newest' }).getByRole('listitem');
  await expect(signInNotice).toHaveCount(1);
  await expect(signInNotice).toContainText('New sign-in to your account from Chrome on Linux.');
  await expect(signInNotice.getByRole('img', { name: 'Unread' })).toHaveCount(1);

  // Read, nothing is unread: the Unread tab is empty and Mark All as Read is disabled.
  await dialog.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
  await dialog.getByRole('tab', { name: 'Unread' }).click();
  await expect(dialog).toContainText('You have no notifications at this time.');
  await dialog.getByRole('tab', { name: 'All' }).click();

  // Six messages from another member arrive as six notifications, live.
  const sender = await member(browser, 'support');
  const idSender = await userIdOf(sender);
  const statuses = await sender.evaluate(async (to) => {
    const out: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await fetch('/api/doors/trpc/messaging.send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { to, body: `Note ${i}`, clientId: `popover-${i}` } }),
      });
      out.push(res.status);
    }
    return out;
  }, idOrg);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

  const newest = dialog.getByRole('region', { name: 'Newest' });
  const older = dialog.getByRole('region', { name: 'Older' });
  await expect(newest.getByRole('listitem')).toHaveCount(5);
  await expect(newest.getByRole('listitem').filter({ hasText: 'sent you a message' })).toHaveCount(5);
  // The sixth message and the (read) sign-in notice.
  await expect(older.getByRole('listitem')).toHaveCount(2);
  await expect(newest.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');
  await expect(newest.getByRole('listitem').first()).toContainText(/\d+s ago/);
  await expect(newest.getByRole('img', { name: 'Unread' })).toHaveCount(5);
  await expect(dialog.getByRole('button', { name: 'Mark All as Read' })).toBeEnabled();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(370);
  expect(box!.height).toBeLessThanOrEqual(685);

  // Unread tab, with the arrow keys too.
  await dialog.getByRole('tab', { name: 'All' }).focus();
  await org.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tabpanel').getByRole('listitem')).toHaveCount(6);

  // Escape closes and gives focus back to the icon.
  await org.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();

  // Clicking one marks it read and goes to its route.
  await bell.click();
  await dialog.getByRole('region', { name: 'Newest' }).getByRole('button').first().click();
  await expect(org).toHaveURL(new RegExp(`/messaging\\?to=${idSender}$`));

  // /notifications: no popover there; the full list and Mark All as Read.
  await org.goto('/notifications');
  await hydrated(org, 'NotificationsPage');
  await expect(
    org.locator('header').getByRole('link', { name: 'Notifications', exact: true }),
  ).not.toHaveAttribute('aria-haspopup', 'dialog');
  const page = org.locator('main');
  await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(5);
  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page).toContainText('You have no notifications at this time.');
  await org.context().close();
  await sender.context().close();
});
