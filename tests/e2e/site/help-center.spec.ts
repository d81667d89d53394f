import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, searchConsoleList, signIn as signInByRequest } from '../admin-helpers';
import { hydrated, signIn } from '../auth-helpers';
import { expectContentControlsBigEnough } from '../target-size';
import { wcagAxe } from '../wcag-axe';

/**
 * The Help Center (docs/decisions/0029-help-center-and-support-tickets.md): a member files a request on /contact, support answers it
 * in the console, and the member reads the answer on their thread. Axe checks each page on the way.
 * The form's minimum fill time is met with Playwright's clock, not by waiting.
 */
const SUBJECT = `Order question ${Date.now()}`;
const REPLY = 'Your yard signs shipped this morning; tracking follows by email.';

async function expectNoViolations(page: Page, where: string) {
  const results = await wcagAxe(page).analyze();
  const summary = results.violations.map((v) => ({
    where,
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}

async function supportPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByRequest(page, demo('support'));
  return page;
}

test('a visitor searches the help articles without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  await page.getByLabel('Search the help articles').fill('refund');
  await page.getByRole('button', { name: 'Search articles' }).click();
  await expect(page).toHaveURL(/\/contact\?q=refund$/);
  await expect(page.getByRole('heading', { name: /articles? match(es)? “refund”/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Returning an item and getting a refund' })).toBeVisible();
  await context.close();
});

test('the help center pages have no WCAG 2.2 A/AA violations and lead to the accessibility statement', async ({
  page,
}) => {
  for (const path of ['/contact', '/contact?q=donation']) {
    await page.goto(path);
    await hydrated(page, 'ContactForm');
    await expectNoViolations(page, path);
    await expectContentControlsBigEnough(page, path);
  }

  // The statement (docs/decisions/0078-wcag-2-2-aa.md) is reached from the help center and the
  // privacy policy, says what standard is met and how it is tested, and sends problems back here.
  await page.getByRole('link', { name: 'accessibility statement' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { name: 'Accessibility statement', level: 1 })).toBeVisible();
  for (const heading of ['The standard we meet', 'How we test it', 'Known limitations', 'Report a problem'])
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  await expectNoViolations(page, '/accessibility');
  await page.getByRole('link', { name: 'help center', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);

  await page.goto('/privacy-policy');
  await page.getByRole('link', { name: 'accessibility statement' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
});

test('a member files a request, support replies from the console, the member reads the reply', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demo('member'), '/contact');
  await page.clock.install();
  await page.goto('/contact');
  await hydrated(page, 'ContactForm');
  await expect(page.getByText('You are signed in: we will answer at')).toBeVisible();
  await page.getByLabel('Topic').selectOption('order');
  await page.getByLabel('Subject').fill(SUBJECT);
  await page
    .getByLabel('How can we help?')
    .fill('When will my yard signs ship? I need them before Saturday.');
  await page.getByLabel('Order number (optional)').fill('CHQ-DEMO0001');
  // A person takes more than the form's minimum fill time (3 s): move the page's clock on.
  await page.clock.fastForward(5_000);
  await page.getByRole('button', { name: 'Send request' }).click();

  await expect(page).toHaveURL(/\/support\/requests\/HLP-[A-Z2-9]{8}\?filed=1#conversation$/);
  const reference = /HLP-[A-Z2-9]{8}/.exec(page.url())![0];
  await expect(page.getByRole('heading', { name: SUBJECT, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We received your request' })).toBeVisible();
  await expectNoViolations(page, 'thread');

  const support = await supportPage(browser);
  await support.goto('/admin/support-tickets');
  // The console is a large first download on a busy machine: wait for the queue itself.
  await expect(support.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(support, 'console list');
  await searchConsoleList(support, 'Reference, email or subject', reference);
  await expect(support.getByRole('row')).toHaveCount(2);
  await support.getByRole('cell', { name: reference }).click();
  await expect(support).toHaveURL(/support-tickets\/\d+/);
  await expect(support.getByRole('heading', { name: SUBJECT, level: 1 })).toBeVisible();
  await expect(support.getByText('Order CHQ-DEMO0001')).toBeVisible();
  await expectNoViolations(support, 'console ticket');
  await support.getByRole('button', { name: 'Assign to me' }).click();
  await expect(support.getByText('Assigned to you.')).toBeVisible();
  await support.getByLabel('Message').fill(REPLY);
  await support.getByRole('button', { name: 'Send reply' }).click();
  await expect(support.getByText(`Reply sent to ${demo('member')}.`)).toBeVisible();
  await support.context().close();

  await page.goto(`/support/requests/${reference}`);
  await expect(page.getByText(REPLY)).toBeVisible();
  await expect(page.getByText('Campaign HQ support')).toBeVisible();
  await page.goto('/support/requests');
  const row = page.getByRole('row').filter({ hasText: SUBJECT });
  await expect(row.getByRole('cell', { name: 'Waiting on member' })).toBeVisible();
  await expectNoViolations(page, 'your requests');
});
