import { describe, expect, it } from 'vitest';
import { runMaintenance } from '../../../api/doors/queue-handlers/maintenance';
import { oneRecord } from '../../../api/modules/lists/list-rows';
import { clickToken, readClickToken } from '../../../api/modules/mass-email/click-token';
import { deliverSend } from '../../../api/modules/mass-email/delivery';
import { massEmailsSpec } from '../../../api/modules/mass-email/send-list';
import { clicksByLink } from '../../../api/modules/mass-email/send-report';
import { queueSend } from '../../../api/modules/mass-email/sends';
import { suppress } from '../../../api/modules/mass-email/suppressions';
import { appMassEmailAudiences, CAMPAIGN_DONORS } from '../../../api/modules/mass-email-audiences';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { campaignWithDonors, noQueue } from '../../factories/mass-email';
import { links, marketing, marketingId, setUpMassEmailApp, t } from '../../factories/mass-email-app';
import { rest } from '../../factories/staff';

/**
 * Click tracking (docs/decisions/0099-designed-email-and-click-tracking.md): every link of a mass
 * email goes through /email-link/{token}, lands on its target in one redirect, counts once per
 * recipient and link, refuses a token not signed here, forgets an unsubscribed person's clicks,
 * keeps rows 13 months and then only totals; the send's report shows clicks by link and the gifts
 * made through its refcode.
 */
setUpMassEmailApp();

const TOKEN_IN_TEXT = /\/email-link\/(\d+\.\d+\.\d+\.[\w-]{43})/g;

async function sentWithLinks() {
  const campaign = await campaignWithDonors(t.db, ['ann@clicks.test', 'bob@clicks.test', 'cy@clicks.test']);
  const body = [
    'Hi {{firstName}}, read https://news.example.test/story.',
    `[$25, $50](${t.config.appUrl}/donate/grant)`,
  ].join('\n\n');
  const send = await queueSend(
    { db: t.db, jobs: noQueue, audiences: appMassEmailAudiences() },
    { kind: CAMPAIGN_DONORS, params: { campaignId: campaign.id } },
    { subject: 'Read this', body, fromName: 'Grant for Congress' },
    { id: marketingId, ip: '192.0.2.1', permissions: [] },
  );
  const delivered = await deliverSend(
    { db: t.db, email: outboxEmail(), links: links(), sliceMs: 600_000 },
    send.id,
  );
  expect(delivered).toEqual({ state: 'finished' });
  const mail = await t.db
    .selectFrom('email_outbox')
    .select(['to_address', 'text_body', 'html_body'])
    .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
    .execute();
  const tokensOf = (email: string) => {
    const message = mail.find((m) => m.to_address === email);
    return [...(message?.text_body ?? '').matchAll(TOKEN_IN_TEXT)].map((m) => m[1] ?? '');
  };
  return { campaign, send, mail, tokensOf };
}

const follow = (token: string) => t.app.request(`/email-link/${token}`);

async function keptClicks(sendId: number) {
  return t.db
    .selectFrom('mass_email_link_clicks')
    .select(['link_index', (eb) => eb.fn.countAll<number>().as('n')])
    .where('send_id', '=', sendId)
    .groupBy('link_index')
    .orderBy('link_index')
    .execute()
    .then((rows) => rows.map((r) => [r.link_index, Number(r.n)]));
}

describe('tracked links', () => {
  it('sends every link through the redirect in both parts, naming no address', async () => {
    const { send, mail, tokensOf } = await sentWithLinks();
    const targets = [
      'https://news.example.test/story',
      `${t.config.appUrl}/donate/grant?refcode=em-${send.id}&amount=25`,
      `${t.config.appUrl}/donate/grant?refcode=em-${send.id}&amount=50`,
    ];
    for (const message of mail) {
      const tokens = tokensOf(message.to_address);
      expect(tokens.map((token) => readClickToken(t.config.appSecret, token)?.linkIndex)).toEqual([0, 1, 2]);
      for (const token of tokens) expect(message.html_body).toContain(token);
      expect(message.text_body).not.toContain('news.example.test');
      expect(message.text_body?.split('/email-link/').slice(1).join(' ')).not.toContain('@');
    }
    for (const [index, token] of tokensOf('ann@clicks.test').entries()) {
      const res = await follow(token);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(targets[index]);
    }
  });

  it('counts a click once per recipient and link', async () => {
    const { send, tokensOf } = await sentWithLinks();
    const [annStory = '', annGive25 = ''] = tokensOf('ann@clicks.test');
    const [bobStory = ''] = tokensOf('bob@clicks.test');
    for (const token of [annStory, annStory, annStory, annGive25, bobStory])
      expect((await follow(token)).status).toBe(302);
    expect(await keptClicks(send.id)).toEqual([
      [0, 2],
      [1, 1],
    ]);
  });

  it('refuses a link not signed here, or moved to another link, recipient or send', async () => {
    const { send, tokensOf } = await sentWithLinks();
    const [annStory = ''] = tokensOf('ann@clicks.test');
    const ref = readClickToken(t.config.appSecret, annStory);
    if (!ref) throw new Error('no token');
    const [sendId, recipientId, , signature] = annStory.split('.');
    const forged = [
      `${sendId}.${recipientId}.1.${signature}`, // another of its links, the signature kept
      `${sendId}.${Number(recipientId) + 1}.0.${signature}`, // another recipient
      clickToken('another-secret-that-is-long-enough-0123456789', ref), // signed elsewhere
      clickToken(t.config.appSecret, { ...ref, linkIndex: 7 }), // a link the send does not have
      clickToken(t.config.appSecret, { ...ref, sendId: send.id + 1000 }), // a send it is not in
      'https%3A%2F%2Fevil.example.test',
    ];
    for (const token of forged) {
      const res = await follow(token);
      expect(res.status, token).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    expect(await keptClicks(send.id)).toEqual([]);
  });

  it("forgets an unsubscribed person's clicks and keeps none after", async () => {
    const { send, tokensOf } = await sentWithLinks();
    const [cyStory = ''] = tokensOf('cy@clicks.test');
    const [annStory = ''] = tokensOf('ann@clicks.test');
    await follow(cyStory);
    await follow(annStory);
    expect(await keptClicks(send.id)).toEqual([[0, 2]]);
    await suppress(t.db, 'cy@clicks.test', 'unsubscribed', `mass-email:${send.id}`);
    expect(await keptClicks(send.id)).toEqual([[0, 1]]);
    // The link still works for them; the click is not kept.
    expect((await follow(cyStory)).status).toBe(302);
    expect(await keptClicks(send.id)).toEqual([[0, 1]]);
  });

  it('keeps clicks 13 months, then only in totals; the report counts both and the gifts through its refcode', async () => {
    const { campaign, send, tokensOf } = await sentWithLinks();
    for (const email of ['ann@clicks.test', 'bob@clicks.test']) await follow(tokensOf(email)[0] ?? '');
    await follow(tokensOf('ann@clicks.test')[2] ?? '');
    await t.db
      .updateTable('donations')
      .set({ refcode: `em-${send.id}` })
      .where('email', '=', 'bob@clicks.test')
      .where('campaign_id', '=', campaign.id)
      .execute();

    const before = await rest(marketing, 'GET', `/mass-emails/${send.id}`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      clicks: 3,
      gifts: 1,
      gift_cents: 2500,
      links: [
        { index: 0, target: 'https://news.example.test/story', clicks: 2 },
        { index: 1, clicks: 0 },
        { index: 2, clicks: 1 },
      ],
    });

    // Twelve months on, nothing is folded; fourteen months on, the rows are gone and the totals stay.
    const inMonths = (n: number) => new Date(Date.now() + n * 31 * 86_400_000);
    await runMaintenance(t.db, inMonths(12));
    expect(await keptClicks(send.id)).toEqual([
      [0, 2],
      [2, 1],
    ]);
    await runMaintenance(t.db, inMonths(14));
    expect(await keptClicks(send.id)).toEqual([]);
    // (The maintenance run also ended every session of that far future: read the report directly.)
    expect(await oneRecord(t.db, massEmailsSpec, String(send.id))).toMatchObject({ clicks: 3 });
    expect((await clicksByLink(t.db, send.id)).map((l) => l.clicks)).toEqual([2, 0, 1]);
  });
});
