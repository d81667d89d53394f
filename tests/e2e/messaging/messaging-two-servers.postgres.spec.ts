import { type Browser, expect, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { secondServerURL } from '../second-server';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (docs/decisions/0006-realtime-messaging.md): a
 * message sent through the first reaches a browser connected only to the second, live.
 * A *.postgres.spec.ts file: run only when DATABASE_URL is set (playwright.config.ts starts
 * the second server then).
 */
async function memberOn(browser: Browser, baseURL: string, local: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, demo(local), path);
  await hydrated(page, 'MessageBadge');
  return page;
}

test('a message sent through one server reaches a browser on the other', async ({ browser, baseURL }) => {
  const second = secondServerURL();
  const b = await memberOn(browser, second, 'marketing', '/messaging');
  expect(new URL(b.url()).origin).toBe(second);
  await hydrated(b, 'Messenger');
  await expect(b.locator('html')).toHaveAttribute('data-realtime', 'ready');
  const props = await b.locator('[data-island="MessageBadge"]').getAttribute('data-props');
  const idB = (JSON.parse(props ?? '{}') as { userId: number }).userId;
  const badge = b.locator('header [data-badge="messages"]');
  await expect(badge).toBeHidden();

  const a = await memberOn(browser, baseURL ?? '', 'support', `/messaging?to=${idB}`);
  expect(new URL(a.url()).origin).not.toBe(second);
  await hydrated(a, 'Messenger');
  await a.getByLabel('Message', { exact: true }).fill('Across the load balancer');
  await a.getByRole('button', { name: 'Send' }).click();

  await expect(badge).toHaveAttribute('data-count', '1');
  await expect(b.getByRole('navigation', { name: 'Conversations' })).toContainText(
    'Across the load balancer',
  );
  await a.context().close();
  await b.context().close();
});
