import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { GUEST_LINKS, HEADER_LINKS } from '../expected-links';
import { expectContentControlsBigEnough, MIN_TARGET, smallControls } from '../target-size';

/**
 * Every screen size (issue 17, item 6), as a visitor and as a signed-in member, at the widths
 * people use (phone, tablet, and the laptop/desktop range where the header is most crowded):
 * nothing scrolls sideways, every header control is visible and at least 24 × 24 px (WCAG 2.5.8),
 * a visitor can always reach the sign-in page, and the greeting is whole where there is room.
 */
const WIDTHS = [375, 768, 1280, 1440, 1600] as const;
/**
 * Pages with each layout and header tone (home navbar, dark-logo shop, standard, search results),
 * and pages with wide tables or their own form controls.
 */
const PAGES = [
  '/',
  '/merchandise',
  '/jobs',
  '/search?q=jordan',
  '/membership',
  '/candidate-ranking',
  '/versus/contrast-page',
  '/order-status',
  '/merchandise/products/vote-together-tee',
];
/** A member's own pages with tables (orders, applications, support requests) or a file picker. */
const MEMBER_PAGES = ['/settings', '/jobs/applications', '/support/requests', '/social-media/create-post'];
/** A candidate's dashboard: tables, a chart's table, and their donation links printed as text. */
const CANDIDATE_PAGES = ['/campaign-dashboard', '/campaign-dashboard/outreach'];
/** docs/product/spec.md §9: burger menu below 80em, breakpoints md 768, lg 1024, 2xl 1580. */
const WIDE = 1280;

const header = (page: Page) => page.locator('header.site-header');

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

async function expectUsable(control: Locator, name: string) {
  await expect(control, name).toBeVisible();
  const box = await control.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.width, `${name} width`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(box!.height, `${name} height`).toBeGreaterThanOrEqual(MIN_TARGET);
}

/** The controls a header must show at this width (docs/product/spec.md §2), by their names. */
function expectedControls(page: Page, width: number, member: boolean): [string, Locator][] {
  const h = header(page);
  const controls: [string, Locator][] = [
    ['home link', h.locator('a.site-header__home')],
    ['cart', h.getByRole('button', { name: /^Cart, \d+ items$/ })],
  ];
  const searchOpen = (width >= 768 && width < WIDE) || width >= 1580;
  controls.push(
    searchOpen
      ? ['search field', h.getByRole('combobox', { name: 'Search people' })]
      : ['search toggle', h.getByRole('button', { name: 'Open search' })],
  );
  if (width < WIDE) controls.push(['menu', h.getByRole('button', { name: 'Menu', exact: true })]);
  else {
    const nav = h.getByRole('navigation', { name: 'Main' });
    for (const { label } of HEADER_LINKS)
      controls.push([label, nav.getByRole('link', { name: label, exact: true })]);
  }
  if (!member) {
    if (width >= 768)
      for (const { label } of GUEST_LINKS)
        controls.push([label, h.getByRole('link', { name: label, exact: true })]);
    return controls;
  }
  controls.push(
    ['messages', h.getByRole('link', { name: 'Messages', exact: true })],
    ['notifications', h.getByRole('link', { name: /^Notifications/ })],
    ['account menu', h.getByRole('button', { name: 'Account menu' })],
  );
  if (width >= 1024)
    controls.push(
      ['greeting', h.getByRole('link', { name: /^Hi, / })],
      ['log out', h.getByRole('button', { name: 'Log Out' })],
    );
  return controls;
}

/** Anything else a person can press in the header bar (not inside a closed popup) is big enough too. */
async function expectEveryVisibleControlBigEnough(page: Page) {
  const small = await smallControls(
    header(page),
    'a[href], button, input:not([type="hidden"]), select',
    '[hidden], [role="dialog"], [role="menu"], .side-menu__panel, .search-box__dropdown, .skip-link',
    false,
  );
  expect(small, 'header controls smaller than 24 × 24 px').toEqual([]);
}

/** Each of `paths` at the page's width: no sideways scroll, no control in its content under 24 px. */
async function expectPagesFit(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
    await expectContentControlsBigEnough(page, path);
  }
}

/** A visitor reaches the sign-in form from the header: directly from md, through the side menu below. */
async function expectSignInReachable(page: Page, width: number) {
  await page.goto('/');
  const h = header(page);
  if (width >= 768) {
    await h.getByRole('link', { name: 'Log In', exact: true }).click();
  } else {
    await hydrated(page, 'SideMenu');
    await h.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Log In' }).click();
  }
  await expect(page).toHaveURL(/\/signin(\?|$)/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
}

for (const who of ['visitor', 'member'] as const) {
  for (const width of WIDTHS) {
    test(`${who} at ${width} px: no sideways scroll, header controls visible and at least 24 px${
      who === 'visitor' ? ', sign-in reachable' : ', greeting whole'
    }`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      if (who === 'member') await signIn(page, demo('member'), '/');
      await expectPagesFit(page, who === 'member' ? [...PAGES, ...MEMBER_PAGES] : PAGES);

      await page.goto('/');
      await hydrated(page, 'CartButton');
      for (const [name, control] of expectedControls(page, width, who === 'member')) {
        await expectUsable(control, `${name} at ${width} px`);
      }
      await expectEveryVisibleControlBigEnough(page);

      if (who === 'visitor') {
        await expectSignInReachable(page, width);
        return;
      }
      if (width >= WIDE) {
        const greeting = header(page).locator('.greeting');
        await expect(greeting).toHaveText('Hi, Jordan Rivera');
        const { scrollWidth, clientWidth } = await greeting.evaluate((el) => ({
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        }));
        expect(scrollWidth, 'the greeting is cut short').toBeLessThanOrEqual(clientWidth);
      }
    });
  }
}

for (const width of WIDTHS) {
  test(`candidate at ${width} px: the dashboard does not scroll sideways and its controls are at least 24 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, demo('candidate'), '/');
    await expectPagesFit(page, CANDIDATE_PAGES);
  });
}
