import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../../api/modules/mass-email/unsubscribe-token';
import { campaignWithDonors } from '../../factories/mass-email';
import { content, marketing, setUpMassEmailApp, support, t } from '../../factories/mass-email-app';
import { rest } from '../../factories/staff';

/** The mass-email unsubscribe page (signed token, one-click POST, rate limit) and who may send. */
setUpMassEmailApp();

describe('/unsubscribe', () => {
  const oneClick = (token: string, origin = 'https://mail.example.net') =>
    t.app.request(`/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        'sec-fetch-site': 'cross-site',
        'x-forwarded-for': '198.51.100.7',
      },
      body: 'List-Unsubscribe=One-Click',
    });
  const suppressed = async (email: string) =>
    (
      await t.db
        .selectFrom('email_suppressions')
        .select('reason')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.reason;

  it('shows a confirmation on GET and unsubscribes only on POST', async () => {
    const token = unsubscribeToken(t.config.appSecret, 7, 'jo@unsub.test');
    const page = await t.app.request(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('jo@unsub.test');
    expect(html).toMatch(/<form action="\/unsubscribe" method="post">/);
    expect(await suppressed('jo@unsub.test')).toBeUndefined();

    const done = await t.post('/unsubscribe', new URLSearchParams({ token }), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '198.51.100.8',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You&#x27;re unsubscribed.');
    expect(await suppressed('jo@unsub.test')).toBe('unsubscribed');
  });

  it('refuses a forged token and a token moved to another address', async () => {
    const token = unsubscribeToken(t.config.appSecret, 7, 'kim@unsub.test');
    const [sendId, , signature] = token.split('.');
    const moved = `${sendId}.${Buffer.from('lee@unsub.test').toString('base64url')}.${signature}`;
    const forged = unsubscribeToken('not-the-app-secret-but-just-as-long-as-one', 7, 'lee@unsub.test');
    for (const bad of [moved, forged, 'preview', '']) {
      const get = await t.app.request(`/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(get.status, bad).toBe(400);
      expect(await get.text()).toContain('This unsubscribe link is not valid');
      expect((await oneClick(bad)).status, bad).toBe(400);
    }
    expect(await suppressed('lee@unsub.test')).toBeUndefined();
    expect(await suppressed('kim@unsub.test')).toBeUndefined();
  });

  it('takes a one-click POST without CSRF token or same origin, on a valid token only', async () => {
    const token = unsubscribeToken(t.config.appSecret, 8, 'max@unsub.test');
    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(await suppressed('max@unsub.test')).toBe('unsubscribed');
    // The exemption is this path only: another cross-site write is still refused.
    const elsewhere = await t.app.request('/feedback', {
      method: 'POST',
      headers: { origin: 'https://mail.example.net', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=hi',
    });
    expect(elsewhere.status).toBe(403);
  });

  it('rate-limits the POST per address', async () => {
    const token = unsubscribeToken(t.config.appSecret, 9, 'ned@unsub.test');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.request('/unsubscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.99' },
        body: new URLSearchParams({ token }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('permission', () => {
  it('answers 403 to staff without EMAIL_CAMPAIGN_DONATIONS on every donor-email write, and sends nothing', async () => {
    const campaign = await campaignWithDonors(t.db, ['oz@perm.test']);
    const body = { campaignId: campaign.id, ...content };
    const sends = async () =>
      Number(
        (
          await t.db
            .selectFrom('mass_email_sends')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await sends();
    expect((await rest(support, 'POST', '/donor-emails', body)).status).toBe(403);
    expect((await rest(support, 'POST', '/donor-email-previews', body)).status).toBe(403);
    expect((await rest(support, 'GET', '/donor-emails')).status).toBe(403);
    expect(await sends()).toBe(before);
  });

  it('serves the compose screen, off the sidebar, at the path the campaign donations screen links to', async () => {
    const res = await marketing.request('/admin/donor-emails/create?campaignId=1');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"');
  });
});
