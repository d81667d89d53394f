import { expect, type Page, test } from '@playwright/test';
import { HOME_NAVBAR_PREFIXES } from '../../../site/lib/choose-layout';
import { demo, signIn } from '../auth-helpers';
import { paintOfHeaderControls, worstContrast } from './contrast';

/**
 * The header is transparent over the page and its logo and links are light except on the
 * dark-logo pages (docs/product/spec.md §2), so every page with the header needs a band behind it
 * that they can be read on (issue 42, item 2: signed in, /versus/contrast-page showed white links
 * on white). For every page with the header, as a visitor, a member and the candidate: each
 * visible header link and button meets WCAG 2.2 contrast against what is painted behind it,
 * 4.5:1 for text, 3:1 for an icon-only control (docs/decisions/0076-visual-bands-figures-and-chart-labels.md).
 */
const TEXT_RATIO = 4.5;
const ICON_RATIO = 3;

/** Pages with the header that anyone can open (home-navbar and standard layouts). */
const PUBLIC_PAGES = [
  '/',
  ...HOME_NAVBAR_PREFIXES,
  '/search?q=jordan',
  '/merchandise/products',
  '/merchandise/style-gallery',
  '/merchandise/products/vote-together-tee',
  '/accessibility',
  '/cart',
  '/jobs',
  '/403',
  '/liberty-print-shop',
];

/** A member's own pages; the contrast page has the standard layout only when signed in. */
const MEMBER_PAGES = [
  '/messaging',
  '/notifications',
  '/myprofile',
  '/settings',
  '/support/requests',
  '/affiliates/dashboard',
  '/jobs/applications',
  '/jobs/mine',
  '/jobs/saved',
  '/jobs/new',
  '/versus/contrast-page',
];

const CANDIDATE_PAGES = [
  '/campaign-dashboard',
  '/campaign-dashboard/outreach',
  '/versus/my-stances',
  '/versus/contrast-page',
];

/** Pages only reachable by a link on another page: a public profile, and two candidates compared. */
async function linkedPages(page: Page): Promise<string[]> {
  await page.goto('/candidate-ranking');
  const profiles = await page
    .locator('main a[href^="/profile/"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(profiles.length, 'candidates linked from /candidate-ranking').toBeGreaterThanOrEqual(2);
  const [first, second] = profiles.map((p) => p.split('/').pop());
  return [profiles[0]!, `/versus/contrast-page?a=${first}&b=${second}`];
}

async function expectReadableHeader(page: Page, paths: readonly string[]) {
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('header.site-header'), `${path} has the header`).toBeVisible();
    // A page opened at an anchor (/affiliates#aff-join) has scrolled its header out of sight.
    await page.evaluate(() => window.scrollTo(0, 0));
    const controls = await paintOfHeaderControls(page.locator('header.site-header'));
    expect(controls.length, `${path}: header controls found`).toBeGreaterThan(0);
    for (const control of controls) {
      const ratio = worstContrast(control);
      const needed = control.hasText ? TEXT_RATIO : ICON_RATIO;
      if (ratio < needed)
        failures.push(`${path}: "${control.name}" ${ratio.toFixed(2)}:1 (needs ${needed}:1)`);
    }
  }
  expect(failures, 'header controls that cannot be read against what is behind them').toEqual([]);
}

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('visitor: every page with the header can read its links against the band behind it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expectReadableHeader(page, [...PUBLIC_PAGES, (await linkedPages(page))[0]!]);
});

test('member: every page with the header can read its links against the band behind it', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, demo('member'), '/');
  await expectReadableHeader(page, [...PUBLIC_PAGES, ...MEMBER_PAGES, ...(await linkedPages(page))]);
});

test('candidate: the dashboard, outreach and stances pages can read the header', async ({ page }) => {
  await signIn(page, demo('candidate'), '/');
  await expectReadableHeader(page, CANDIDATE_PAGES);
});

test('member at 375 px: the contrast page can read the header', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo('member'), '/');
  await expectReadableHeader(page, ['/versus/contrast-page', ...(await linkedPages(page)).slice(1)]);
});
