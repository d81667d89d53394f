import { expect, type Page, test } from '@playwright/test';
import { renderMassEmail } from '../../../api/modules/mass-email/message';
import { invitationEmail } from '../../../api/modules/staff/invitations';
import { confirmationEmail, replyEmail } from '../../../api/modules/support-tickets/mail';
import type { EmailMessage } from '../../../api/ports/email';
import { withDesign } from '../../../api/ports/email/design/render';
import { wcagAxe } from '../wcag-axe';

/**
 * The email templates (docs/decisions/0099-designed-email-and-click-tracking.md) as a mail client
 * shows them: every block of a composed mass email and messages written as plain text, rendered
 * by Chromium at a phone's and a desktop's width, checked with axe (WCAG 2.2 A/AA), and each link
 * of the HTML part found in the plain-text part.
 */
const appUrl = 'https://hq.example.test';
const links = { appUrl, appSecret: 'an-e2e-secret-that-is-long-enough-0123456789' };
const support = { appUrl, appSecret: links.appSecret };

const composed = [
  '# Early voting starts Monday',
  'Hi {{firstName}}, find your polling place at https://vote.example.test/where.',
  '![Volunteers knocking on doors in Columbus](https://hq.example.test/images/canvass.jpg)',
  '[Sign up for a shift](https://hq.example.test/events/canvass)',
  `[$25, $50, $100](${appUrl}/donate/casey)`,
  '> Every door we knock on is a vote we can win.',
].join('\n\n');

async function messages(): Promise<Record<string, EmailMessage>> {
  const send = {
    id: 12,
    subject: 'Early voting, {{firstName}}',
    body: composed,
    from_name: 'Casey',
    audience_reason: 'you gave to Casey',
  };
  const massEmail = await renderMassEmail(send, { email: 'ann@example.test', first_name: 'Ann' }, links, {
    preview: true,
  });
  const ticket = { reference: 'T-4821', email: 'ann@example.test', subject: 'Receipt', user_id: null };
  const plain = {
    'support confirmation': confirmationEmail(support, ticket, {
      subject: 'Receipt',
      message: 'Where is my <receipt>?',
    }),
    'support reply': replyEmail(support, ticket, { body: 'It is attached.\n\nThanks!', resolved: true }),
    'staff invitation': invitationEmail('ann@example.test', {
      firstName: 'Ann',
      role: 'SUPPORT',
      title: 'Support lead',
      invitedBy: 'Sam Admin',
      link: `${appUrl}/auth/reset-password?token=abc`,
      consoleUrl: `${appUrl}/admin/`,
    }),
  };
  const designed = Object.fromEntries(
    await Promise.all(Object.entries(plain).map(async ([name, m]) => [name, await withDesign(m)] as const)),
  );
  return { 'mass email with every block': massEmail, ...designed };
}

async function expectAccessible(page: Page, name: string) {
  const results = await wcagAxe(page).analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary, `${name}: ${JSON.stringify(summary)}`).toEqual([]);
}

test('every email template renders, passes axe at phone and desktop widths, and its text part carries every link', async ({
  page,
}) => {
  // Eight axe runs (four messages at two widths): more than the default on a loaded machine.
  test.setTimeout(180_000);
  const all = await messages();
  expect(Object.keys(all)).toHaveLength(4);
  for (const [name, message] of Object.entries(all)) {
    expect(message.html, name).toBeTruthy();
    for (const width of [375, 720]) {
      await page.setViewportSize({ width, height: 800 });
      await page.setContent(message.html ?? '', { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1 }), name).toHaveText(message.subject);
      // Fits the screen: nothing wider than the viewport.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${name} at ${width} px`);
    }
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length, name).toBeGreaterThan(0);
    for (const href of hrefs) expect(message.text, `${name}: ${href}`).toContain(href);
  }
  // The composed blocks as the reader sees them.
  await page.setContent(all['mass email with every block']?.html ?? '');
  await expect(page.getByRole('heading', { name: 'Early voting starts Monday' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Volunteers knocking on doors in Columbus' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Sign up for a shift' })).toHaveAttribute(
    'href',
    'https://hq.example.test/events/canvass',
  );
  for (const dollars of [25, 50, 100]) {
    await expect(page.getByRole('link', { name: `Give $${dollars}` })).toHaveAttribute(
      'href',
      `${appUrl}/donate/casey?refcode=em-preview&amount=${dollars}`,
    );
  }
  await expect(page.getByText('Hi Ann, find your polling place')).toBeVisible();
});
