import { expect, test } from '@playwright/test';
import { signIn as signInStaff } from '../admin-helpers';
import { demo, hydrated, signIn } from '../auth-helpers';

/**
 * A staff announcement (notification type 11) sent from the console reaches a signed-in member's
 * notification popover live, and a click follows its link. Tagged to run after every test that
 * counts notifications: an announcement reaches every account.
 */
test('an announcement from the console appears live in a member’s popover', { tag: '@announcement' }, async ({
  browser,
}) => {
  const member = await (await browser.newContext()).newPage();
  await signIn(member, demo('member'), '/');
  await hydrated(member, 'NotificationBell');
  await expect(member.locator('html')).toHaveAttribute('data-realtime', 'ready');

  const admin = await (await browser.newContext()).newPage();
  await signInStaff(admin, demo('admin'));
  await admin.goto('/admin/feature-toggle');
  const form = admin.getByRole('form', { name: 'Send an announcement' });
  await form.getByLabel('Link (optional path, such as /membership)').fill('https://elsewhere.example');
  await form.getByLabel('Announcement').fill('Phone bank tonight at 6 pm: join us!');
  await form.getByRole('button', { name: 'Send announcement' }).click();
  await expect(form.getByText('Use a path on this site, such as /membership.')).toBeVisible();
  await form.getByLabel('Link (optional path, such as /membership)').fill('/faq');
  await form.getByRole('button', { name: 'Send announcement' }).click();
  await expect(admin.getByText(/^Announcement sent to \d+ members\.$/)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Announcements' })).toContainText(
    'Phone bank tonight at 6 pm: join us!',
  );

  // The member did not reload: the popover already has it.
  await member
    .locator('header')
    .getByRole('link', { name: /^Notifications/ })
    .click();
  const item = member
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: 'Phone bank tonight at 6 pm: join us!' });
  await expect(item).toHaveCount(1);
  await item.getByRole('button').click();
  await expect(member).toHaveURL('/faq');
  await member.context().close();
  await admin.context().close();
});
