import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';

/**
 * The job posting and application pages end above the footer, with room between (issue 42,
 * item 8): their last element used to touch the footer's top edge at every width, and a phone's
 * left edge, because the column under the hero (.page-body) had no rule at all.
 */
const WIDTHS = [1440, 375];
/** The least room between a page's last element and the footer (it was 0 to 24 px). */
const MIN_GAP = 48;
/** The least room between the content and the screen's left edge (it was 0 on a phone). */
const MIN_SIDE = 16;

async function expectGapAboveFooter(page: Page, name: string) {
  const last = await page.locator('main .page-body > :last-child').boundingBox();
  const footer = await page.locator('footer.site-footer').boundingBox();
  expect(last, `${name}: last element`).not.toBeNull();
  expect(footer, `${name}: footer`).not.toBeNull();
  const gap = footer!.y - (last!.y + last!.height);
  expect.soft(gap, `${name}: room above the footer`).toBeGreaterThanOrEqual(MIN_GAP);
  expect.soft(last!.x, `${name}: room on the left`).toBeGreaterThanOrEqual(MIN_SIDE);
}

for (const width of WIDTHS) {
  test(`at ${width} px the posting, its form and an application end above the footer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demo('organization'), '/jobs/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post a job');
    await expectGapAboveFooter(page, 'the posting form');

    await page.goto('/jobs/mine');
    await expectGapAboveFooter(page, 'my postings');
    // The demo organization's newest posting has the demo member's application (api/seed/demo-jobs.ts).
    const applicants = page.locator('table a[href$="/applicants"]').first();
    const postingHref = (await applicants.getAttribute('href'))!.replace(/\/applicants$/, '');
    await applicants.click();
    await expectGapAboveFooter(page, 'the applicants');
    await page.getByRole('link', { name: 'Jordan Rivera' }).click();
    await expect(page.getByTestId('application-status')).toBeVisible();
    await expectGapAboveFooter(page, 'the application');

    await page.goto(postingHref);
    await expectGapAboveFooter(page, 'the posting, as its employer');
    await page.context().clearCookies();
    await page.goto(postingHref);
    await expect(page.getByRole('link', { name: 'Sign in to apply' })).toBeVisible();
    await expectGapAboveFooter(page, 'the posting, as a visitor');
  });
}
