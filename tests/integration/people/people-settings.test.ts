import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPeople } from '../../../api/modules/people/search';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { seedDemoOrders } from '../../../api/seed/demo-orders';
import { demoAccounts } from '../../factories/accounts';
import { seedShopFixture } from '../../factories/shop';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * /settings: names, email change (only after the link), password change (current password
 * required, other sessions ended), visibility and notification choices, data export, deletion.
 */
let t: TestApp;
let jordan: number;

const MEMBER = 'member@demo.campaignhq.test';
const NEW_PASSWORD = 'a-much-better-passphrase-2026';

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function signedIn(email: string, password = DEMO_PASSWORD) {
  const browser = new TestBrowser(t);
  expect((await browser.signIn(email, password)).status).toBe(200);
  return browser;
}

function post(browser: TestBrowser, path: string, fields: Record<string, string>) {
  return browser.form(path, fields);
}

const user = () => t.db.selectFrom('users').selectAll().where('id', '=', jordan).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'vendor', 'candidate');
  // The member's shipped order that /settings lists, made the way the demo seed makes its orders.
  const { slug } = await seedShopFixture(t.db);
  await seedDemoOrders(
    t.db,
    new Date(),
    [
      {
        n: 1,
        buyer: 'member',
        statuses: ['paid', 'shipped'],
        daysAgo: 3,
        lines: [{ slug, size: 'M', quantity: 1 }],
        shipping: 'expedited',
      },
    ],
    'CHQ-TEST',
  );
  jordan = await idOf(MEMBER);
});
afterAll(() => t.close());

describe('settings', () => {
  it('sends visitors to sign in, and refuses their posts', async () => {
    const visitor = new TestBrowser(t);
    expect((await visitor.request('/settings')).status).toBe(302);
    expect((await post(visitor, '/settings/names', { firstName: 'X', lastName: 'Y' })).status).toBe(303);
    expect((await user()).first_name).toBe('Jordan');
    expect((await visitor.trpc('settings.updateNames', { firstName: 'X', lastName: 'Y' })).status).toBe(401);
  });

  it('changes names, which search then finds', async () => {
    const b = await signedIn(MEMBER);
    const empty = await post(b, '/settings/names', { firstName: '', lastName: 'Rivera' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Please enter your first name.');
    const saved = await post(b, '/settings/names', { firstName: 'Jordana', lastName: 'Rivera' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/settings?saved=names');
    expect((await user()).first_name).toBe('Jordana');
    const found = await searchPeople(t.db, { query: 'jordana rivera', viewerId: null, limit: 8 });
    expect(found.people[0]?.id).toBe(jordan);
    await post(b, '/settings/names', { firstName: 'Jordan', lastName: 'Rivera' });
  });

  it('changes the email only once the link sent to the new address is opened', async () => {
    const b = await signedIn(MEMBER);
    const wrong = await post(b, '/settings/email', {
      newEmail: 'jordan.new@example.org',
      password: 'not-it-at-all',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('That is not your current password.');
    const taken = await post(b, '/settings/email', {
      newEmail: 'vendor@demo.campaignhq.test',
      password: DEMO_PASSWORD,
    });
    expect(taken.status).toBe(400);

    const asked = await post(b, '/settings/email', {
      newEmail: 'Jordan.New@Example.org',
      password: DEMO_PASSWORD,
    });
    expect(asked.status).toBe(303);
    expect((await user()).email).toBe(MEMBER);
    const page = await (await b.request('/settings?saved=email')).text();
    expect(page).toContain('jordan.new@example.org');

    const mails = await t.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
    const link = mails
      .find((m) => m.to_address === 'jordan.new@example.org')
      ?.text_body.match(/http\S+confirm\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    expect(mails.some((m) => m.to_address === MEMBER && m.subject.includes('about to change'))).toBe(true);

    // Anyone with the link may open it (the token is the proof); it works once.
    const opened = await new TestBrowser(t).request(new URL(link!).pathname + new URL(link!).search);
    expect(opened.status).toBe(200);
    expect((await user()).email).toBe('jordan.new@example.org');
    expect((await new TestBrowser(t).request(new URL(link!).pathname + new URL(link!).search)).status).toBe(
      400,
    );
    expect((await signedIn('jordan.new@example.org')).hasCookie('hq_session')).toBe(true);
    await t.db.updateTable('users').set({ email: MEMBER }).where('id', '=', jordan).execute();
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const here = await signedIn(MEMBER);
    const elsewhere = await signedIn(MEMBER);
    const wrong = await post(here, '/settings/password', {
      currentPassword: 'wrong-password-1',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    const mismatch = await post(here, '/settings/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: 'something else',
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('do not match');

    const changed = await post(here, '/settings/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(303);
    expect((await here.request('/settings')).status).toBe(200);
    expect((await elsewhere.request('/settings')).status).toBe(302);
    expect((await new TestBrowser(t).signIn(MEMBER, DEMO_PASSWORD)).status).toBe(401);
    await signedIn(MEMBER, NEW_PASSWORD);
  });

  it('stores visibility and notification choices', async () => {
    const b = await signedIn(MEMBER, NEW_PASSWORD);
    expect((await post(b, '/settings/visibility', { state: 'private', language: 'members' })).status).toBe(
      303,
    );
    expect((await user()).attribute_visibility).toMatchObject({ state: 'private', language: 'members' });
    expect((await post(b, '/settings/visibility', { state: 'everyone' })).status).toBe(400);

    expect((await post(b, '/settings/notifications', { 'type-1': 'on', 'type-8': 'on' })).status).toBe(303);
    const prefs = await t.db
      .selectFrom('notification_preferences')
      .select(['notification_type', 'enabled'])
      .where('user_id', '=', jordan)
      .orderBy('notification_type')
      .execute();
    expect(prefs).toHaveLength(11);
    expect(prefs.filter((p) => p.enabled).map((p) => p.notification_type)).toEqual([1, 8]);
    const html = await (await b.request('/settings')).text();
    expect(html).toMatch(/name="type-1" checked=""/);
    expect(html).toMatch(/name="type-2" value="on"/);
    expect(html).not.toMatch(/name="type-2" checked=""/);
    // The chosen audience is the one selected; another member's page shows their own choices.
    const selectedFor = (page: string, key: string) =>
      page.match(new RegExp(`id="visibility-${key}"[^>]*>.*?<option value="(\\w+)" selected=""`))?.[1];
    expect(selectedFor(html, 'state')).toBe('private');
    expect(selectedFor(html, 'language')).toBe('members');
    const other = await signedIn('candidate@demo.campaignhq.test', DEMO_PASSWORD);
    const theirs = await (await other.request('/settings')).text();
    expect(selectedFor(theirs, 'state')).not.toBe('private');
    expect(theirs).toMatch(/name="type-2" checked=""/);
  });

  it('shows what the data is now, however it was changed', async () => {
    const b = await signedIn(MEMBER, NEW_PASSWORD);
    const page = async () => (await b.request('/settings')).text();
    const statusOf = (html: string, number: string) =>
      html.match(new RegExp(`order=${number}">${number}</a>.*?<td>([^<]+)</td></tr>`))?.[1];
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'number', 'status'])
      .where('user_id', '=', jordan)
      .where('status', '=', 'shipped')
      .executeTakeFirstOrThrow();
    const before = await page();
    expect(before).toContain('value="Jordan"');
    expect(statusOf(before, order.number)).toBe('Shipped');
    expect(await page()).toBe(before);

    // Changed through other doors (staff in the console, another instance), not this page's forms.
    await t.db.updateTable('users').set({ first_name: 'Jordy' }).where('id', '=', jordan).execute();
    await t.db.updateTable('orders').set({ status: 'delivered' }).where('id', '=', order.id).execute();
    const after = await page();
    expect(after).toContain('value="Jordy"');
    expect(after).not.toContain('value="Jordan"');
    expect(statusOf(after, order.number)).toBe('Delivered');

    // A form sent back with its errors shows them once; the next visit is the plain page again.
    const refused = await post(b, '/settings/names', { firstName: '', lastName: 'Rivera' });
    expect(await refused.text()).toContain('Please enter your first name.');
    expect(await page()).not.toContain('Please enter your first name.');
    expect((await b.request('/settings?saved=names')).status).toBe(200);
    expect(await (await b.request('/settings?saved=names')).text()).toContain('Your name is saved.');
    expect(await page()).not.toContain('Your name is saved.');

    // Another member never sees this member's page.
    const other = await signedIn('candidate@demo.campaignhq.test', DEMO_PASSWORD);
    const theirs = await (await other.request('/settings')).text();
    expect(theirs).not.toContain(MEMBER);
    expect(theirs).toContain('candidate@demo.campaignhq.test');

    await t.db.updateTable('users').set({ first_name: 'Jordan' }).where('id', '=', jordan).execute();
    await t.db.updateTable('orders').set({ status: order.status }).where('id', '=', order.id).execute();
  });

  it('exports everything about the member as JSON, without secrets', async () => {
    const b = await signedIn(MEMBER, NEW_PASSWORD);
    await b.trpc('profiles.follow', { userId: await idOf('candidate@demo.campaignhq.test') });
    const res = await b.request('/settings/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="campaign-hq-data-/);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & { account: Record<string, unknown> };
    expect(data.account).toMatchObject({ id: jordan, email: MEMBER, first_name: 'Jordan' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(text).not.toContain('$argon2');
    expect(data.following).toEqual([expect.objectContaining({ first_name: 'Marisol' })]);
    expect((data.notificationPreferences as unknown[]).length).toBe(11);
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
  });

  it('deletes the account only with the email typed and the password, keeping an anonymous tombstone', async () => {
    const b = await signedIn(MEMBER, NEW_PASSWORD);
    await t.db
      .insertInto('feedback')
      .values({ user_id: jordan, name: 'Jordan Rivera', email: MEMBER, topic: 'general', message: 'Hello' })
      .execute();
    const wrongEmail = await post(b, '/settings/delete', {
      confirmEmail: 'someone@else.org',
      password: NEW_PASSWORD,
    });
    expect(wrongEmail.status).toBe(400);
    expect(await wrongEmail.text()).toContain('Type your email address exactly.');
    const wrongPassword = await post(b, '/settings/delete', {
      confirmEmail: MEMBER,
      password: 'nope-nope-nope',
    });
    expect(wrongPassword.status).toBe(400);
    expect((await user()).deleted_at).toBeNull();

    const done = await post(b, '/settings/delete', {
      confirmEmail: MEMBER.toUpperCase(),
      password: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(b.hasCookie('hq_session')).toBe(false);

    const row = await user();
    expect(row).toMatchObject({
      id: jordan,
      email: `deleted-${jordan}@deleted.invalid`,
      password_hash: null,
      first_name: 'Deleted',
      bio: null,
      profile_image: null,
      state: null,
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await t.db.selectFrom('sessions').selectAll().where('user_id', '=', jordan).execute()).toEqual([]);
    expect(await t.db.selectFrom('follows').selectAll().where('follower_id', '=', jordan).execute()).toEqual(
      [],
    );
    expect(
      await t.db.selectFrom('user_name_tokens').selectAll().where('user_id', '=', jordan).execute(),
    ).toEqual([]);
    const feedback = await t.db
      .selectFrom('feedback')
      .selectAll()
      .where('message', '=', 'Hello')
      .executeTakeFirstOrThrow();
    expect(feedback).toMatchObject({ user_id: null, name: 'Deleted member' });
    expect((await new TestBrowser(t).request(`/profile/jordan-rivera/${jordan}`)).status).toBe(404);
    expect(
      (await searchPeople(t.db, { query: 'jordan rivera', viewerId: null, limit: 8 })).people.map(
        (p) => p.id,
      ),
    ).not.toContain(jordan);
    expect((await new TestBrowser(t).signIn(MEMBER, NEW_PASSWORD)).status).toBe(401);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'account.delete')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('limits password checks, counting them before checking, so guessing stops even at the right one', async () => {
    const b = await signedIn('candidate@demo.campaignhq.test');
    const attempt = (password: string) =>
      post(b, '/settings/email', { newEmail: 'marisol.new@example.org', password });
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-guess-${i}`)).status).toBe(400);
    const blocked = await attempt(DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain('Too many password checks');
  });
});
