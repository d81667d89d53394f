import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * Posts, the candidate ranking and the contrast page in a real browser (docs/decisions/0033-social.md),
 * each new page checked with axe. The mention targets the demo organization (@clean-water), whose
 * notifications no other spec reads.
 */

async function expectNoAxeViolations(page: Page) {
  for (const island of await page.locator('[data-island]').all()) {
    await expect(island).toHaveAttribute('data-hydrated', 'true');
  }
  const results = await wcagAxe(page).analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}

test('a post with a mention reaches the mentioned member as a notification', async ({ page, browser }) => {
  await signIn(page, demo('candidate'), '/social-media/create-post');
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'bare');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a post' })).toBeVisible();
  await expectNoAxeViolations(page);
  const text = `Thank you @clean-water for the water testing kits! ${Date.now()}`;
  await page.getByLabel('Your post').fill(text);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/social-media\/posts\/\d+\?notice=posted$/);
  await expect(page.getByRole('status')).toHaveText('Your post is published.');
  await expect(page.getByRole('link', { name: '@clean-water' })).toHaveAttribute(
    'href',
    /^\/profile\/citizens-for-clean-water\/\d+$/,
  );
  await expectNoAxeViolations(page);

  const other = await browser.newContext();
  const orgPage = await other.newPage();
  await signIn(orgPage, demo('organization'), '/notifications');
  await expect(orgPage.getByText('Marisol Grant mentioned you in a post.').first()).toBeVisible();
  await orgPage.goto('/social-media');
  await expect(orgPage.getByText(text)).toBeVisible();
  await other.close();
});

test('the candidate ranking filters by office and state without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/candidate-ranking');
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'home');
  const names = page.locator('.ranking__table tbody th a');
  await expect(names).toContainText(['Marisol Grant']);
  await page.getByLabel('Office').selectOption('U.S. Senate');
  await page.getByRole('button', { name: 'Show ranking' }).click();
  await expect(page).toHaveURL(/office=U\.S\.\+Senate/);
  await expect(names).toHaveText(['Avery Chen']);
  await page.getByLabel('Office').selectOption('');
  await page.getByLabel('State').selectOption('AZ');
  await page.getByRole('button', { name: 'Show ranking' }).click();
  await expect(names).toHaveText(['Samuel Ortiz']);
  await context.close();
});

test('the candidate ranking has no axe violations', async ({ page }) => {
  await page.goto('/candidate-ranking?sort=donations');
  await expectNoAxeViolations(page);
});

test('the contrast page is bare for a visitor and standard for a member', async ({ page, browser }) => {
  await page.goto('/versus/contrast-page');
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'bare');
  await page.getByLabel('First candidate').selectOption({ label: 'Marisol Grant — U.S. House, OH' });
  await page.getByLabel('Second candidate').selectOption({ label: 'Avery Chen — U.S. Senate, PA' });
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marisol Grant vs. Avery Chen');
  const healthcare = page.getByRole('row', { name: /Public option for health insurance/ });
  await expect(healthcare).toContainText('Supports');
  await expect(healthcare).toContainText('Opposes');
  await expect(page.getByText('Party: Democratic')).toBeVisible();
  await expectNoAxeViolations(page);
  const shared = page.url();

  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await signIn(memberPage, demo('member'), new URL(shared).pathname + new URL(shared).search);
  await expect(memberPage.locator('body')).toHaveAttribute('data-layout', 'standard');
  await expect(memberPage.getByRole('heading', { level: 1 })).toHaveText('Marisol Grant vs. Avery Chen');
  await expectNoAxeViolations(memberPage);
  await member.close();
});

test("a candidate's profile lists organizations' endorsements, stances and posts; a member endorses and withdraws", async ({
  page,
}) => {
  await page.goto('/candidate-ranking');
  await page.getByRole('link', { name: 'Marisol Grant' }).click();
  const endorsements = page.locator('#endorsements');
  await expect(endorsements.getByRole('link', { name: 'Citizens for Clean Water' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Where Marisol Grant stands' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
  await expectNoAxeViolations(page);

  const profile = new URL(page.url()).pathname;
  await signIn(page, demo('analytics'), profile);
  await page.getByRole('button', { name: 'Endorse Marisol Grant' }).click();
  await expect(endorsements).toContainText('You endorse Marisol Grant.');
  await page.getByRole('button', { name: 'Withdraw my endorsement' }).click();
  await expect(page.getByRole('button', { name: 'Endorse Marisol Grant' })).toBeVisible();
});
