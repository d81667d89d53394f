import { expect, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { withDatabase } from '../e2e-database';
import { wcagAxe } from '../wcag-axe';

/**
 * The dashboard's chart of gifts by day, as a paid candidate reads it on a desktop and a phone
 * (issue 42, item 7): at 375 px its axis labels were ~6 px tall (SVG text scaled down with the
 * viewBox) in two money formats ("$2,125" beside "1,062.50"). Every label is now at least 11 px
 * tall as rendered, amounts are whole dollars, dates are "Nov 29", and no two labels overlap.
 * The chart is a paid entitlement and the demo candidate is on Free (the membership spec
 * subscribes her), so this spec writes its own Campaign-tier candidate with a copy of her month
 * of gifts into the server's database: a *.postgres.spec.ts file (it runs when DATABASE_URL is set).
 * docs/decisions/0076-visual-bands-figures-and-chart-labels.md.
 */
const tag = Date.now().toString(36);
const CANDIDATE = `chart-candidate-${tag}@example.test`;
const MIN_LABEL_HEIGHT = 11;
const WHOLE_DOLLARS = /^\$\d{1,3}(,\d{3})*$/;
const SHORT_DATE = /^[A-Z][a-z]{2} \d{1,2}$/;

test.beforeAll(async () => {
  await withDatabase(async (sql) => {
    const [source] = await sql<{ id: number; password_hash: string }[]>`
      SELECT id, password_hash FROM users WHERE email = ${demo('candidate')}`;
    const [candidate] = await sql<{ id: number }[]>`
      INSERT INTO users (email, password_hash, kind, first_name, last_name, is_candidate, email_verified_at, setup_completed_at)
      VALUES (${CANDIDATE}, ${source!.password_hash}, 'individual', 'Chart', ${`Reader${tag}`}, true, now(), now())
      RETURNING id`;
    await sql`
      INSERT INTO membership_subscriptions (reference, user_id, tier, amount_cents, status, current_period_end)
      VALUES (${`SUB-CHART${tag}`.toUpperCase().slice(0, 24)}, ${candidate!.id}, 'campaign', 2900, 'active', now() + interval '30 days')`;
    await sql`
      INSERT INTO donations (reference, candidate_id, donor_id, amount_cents, election, status, first_name, last_name,
                             email, street, city, state, zip, attested_at, paid_at)
      SELECT ${`E2E-CHART-${tag}-`} || id, ${candidate!.id}, donor_id, amount_cents, election, 'paid', first_name, last_name,
             email, street, city, state, zip, attested_at, paid_at
      FROM donations WHERE candidate_id = ${source!.id} AND status = 'paid'`;
  });
});

interface Label {
  text: string;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

for (const width of [1440, 375] as const) {
  test(`paid candidate at ${width} px: the chart's axis labels are readable, whole dollars and short dates`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, CANDIDATE, '/campaign-dashboard');
    const chart = page.getByTestId('dashboard-analytics').locator('figure');
    await expect(chart).toBeVisible();

    // Every piece of text the chart shows, however it is drawn (SVG text or HTML), but the
    // screen-reader summary and the table in the caption.
    const labels: Label[] = await chart.evaluate((figure) => {
      const walker = document.createTreeWalker(figure, NodeFilter.SHOW_TEXT, (node) =>
        node.textContent?.trim() && !node.parentElement?.closest('title, figcaption')
          ? NodeFilter.FILTER_ACCEPT
          : NodeFilter.FILTER_SKIP,
      );
      const out: Label[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        out.push({
          text: node.textContent!.trim(),
          height: r.height,
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
        });
      }
      return out;
    });

    const amounts = labels.filter((l) => l.text.startsWith('$'));
    const dates = labels.filter((l) => !l.text.startsWith('$'));
    expect(amounts.length, 'amounts on the axis').toBeGreaterThanOrEqual(2);
    expect(dates.length, 'dates on the axis').toBeGreaterThanOrEqual(2);
    for (const label of labels)
      expect(label.height, `"${label.text}" is readable (its rendered height)`).toBeGreaterThanOrEqual(
        MIN_LABEL_HEIGHT,
      );
    for (const amount of amounts) expect(amount.text, 'amounts in whole dollars').toMatch(WHOLE_DOLLARS);
    for (const date of dates) expect(date.text, 'dates as "Nov 29"').toMatch(SHORT_DATE);

    const overlapping = labels.flatMap((a, i) =>
      labels
        .slice(i + 1)
        .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        .map((b) => `"${a.text}" and "${b.text}"`),
    );
    expect(overlapping, 'labels drawn over each other').toEqual([]);

    const results = await wcagAxe(page).include('[data-testid="dashboard-analytics"]').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
}
