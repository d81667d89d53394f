import { describe, expect, it } from 'vitest';
import { registerMassEmail } from '../../../api/doors/queue-handlers/mass-email';
import { deliverSend, messageKey } from '../../../api/modules/mass-email/delivery';
import { queueSend } from '../../../api/modules/mass-email/sends';
import { suppress } from '../../../api/modules/mass-email/suppressions';
import { appMassEmailAudiences, CAMPAIGN_DONORS } from '../../../api/modules/mass-email-audiences';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { smtpEmail } from '../../../api/ports/email/smtp';
import { closedPort, startFakeSmtpServer } from '../../factories/fake-smtp-server';
import { addGift, campaignWithDonors, createCampaign, noQueue } from '../../factories/mass-email';
import {
  content,
  links,
  marketing,
  marketingId,
  setUpMassEmailApp,
  support,
  t,
} from '../../factories/mass-email-app';
import { waitUntil } from '../../factories/queue';
import { rest } from '../../factories/staff';

/**
 * Mass email to a campaign's donors (docs/decisions/0022-mass-email.md): count and preview, one email per
 * recipient with the RFC 8058 headers and the footer link, suppression, hard bounces, a send
 * stopped mid-batch and resumed without a second copy, cancelling. The unsubscribe page and who
 * may send are in mass-email-access.test.ts.
 */
setUpMassEmailApp();

const actor = () => ({ id: marketingId, ip: '192.0.2.1', permissions: [] as never[] });

/** A send queued through the module, delivered by the test itself. */
async function queued(campaignId: number) {
  return queueSend(
    { db: t.db, jobs: noQueue, audiences: appMassEmailAudiences() },
    { kind: CAMPAIGN_DONORS, params: { campaignId } },
    content,
    actor(),
  );
}

async function report(sendId: number) {
  return t.db
    .selectFrom('mass_email_sends')
    .select(['status', 'total', 'sent_count', 'suppressed_count', 'failed_count'])
    .where('id', '=', sendId)
    .executeTakeFirstOrThrow();
}

async function recipientStatuses(sendId: number) {
  const rows = await t.db
    .selectFrom('mass_email_recipients')
    .select(['email', 'status'])
    .where('send_id', '=', sendId)
    .orderBy('email')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.email, r.status]));
}

/** How many messages the fake SMTP server received for each address. */
function copiesPerAddress(messages: string[]) {
  const counts: Record<string, number> = {};
  for (const m of messages) {
    const to = /^To: (.+)$/m.exec(m)?.[1]?.trim() ?? '?';
    counts[to] = (counts[to] ?? 0) + 1;
  }
  return counts;
}

describe('compose: count and preview', () => {
  it('counts distinct paid donors, holds back suppressed ones and previews the first recipient', async () => {
    const campaign = await createCampaign(t.db);
    await addGift(t.db, campaign, 'ann@donors.test', 'Ann');
    await addGift(t.db, campaign, 'ANN@Donors.test', 'Annie'); // the same person, twice
    await addGift(t.db, campaign, 'bob@donors.test', 'Bob');
    await addGift(t.db, campaign, 'cy@donors.test', 'Cy');
    await addGift(t.db, campaign, 'pending@donors.test', 'Pat', 'pending');
    await addGift(t.db, await createCampaign(t.db), 'other@donors.test', 'Other');
    await suppress(t.db, 'cy@donors.test', 'unsubscribed', 'test');

    const res = await rest(marketing, 'POST', '/donor-email-previews', {
      campaignId: campaign.id,
      ...content,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recipients: 2, suppressed: 1, total: 3 });
    const preview = (
      res.json as { preview: { to: string; subject: string; text: string; headers: Record<string, string> } }
    ).preview;
    expect(preview.to).toBe('ann@donors.test');
    expect(preview.subject).toMatch(/^Thank you, Ann/);
    expect(preview.text).toContain('We won the primary!');
    expect(preview.text).toContain(`because you gave to ${campaign.name}`);
    // A placeholder token: a click in the console unsubscribes nobody.
    expect(preview.text).toContain(`${t.config.appUrl}/unsubscribe?token=preview`);
    expect(preview.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a missing subject, an unknown campaign and an empty audience with field errors', async () => {
    const noSubject = await rest(marketing, 'POST', '/donor-emails', {
      campaignId: 1,
      subject: '',
      body: 'x',
    });
    expect(noSubject.status).toBe(400);
    expect(noSubject.json).toMatchObject({ errors: { subject: expect.anything() } });
    const unknown = await rest(marketing, 'POST', '/donor-email-previews', {
      campaignId: 999999,
      ...content,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ errors: { campaignId: expect.anything() } });
    const empty = await createCampaign(t.db);
    const before = await t.db
      .selectFrom('mass_email_sends')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const none = await rest(marketing, 'POST', '/donor-emails', { campaignId: empty.id, ...content });
    expect(none.status).toBe(400);
    const after = await t.db
      .selectFrom('mass_email_sends')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('sending through the job queue', () => {
  it('delivers one email per recipient with both headers and the footer link, skips the suppressed and reports', async () => {
    await t.jobs.start();
    await registerMassEmail(
      t.jobs,
      {
        db: t.db,
        email: outboxEmail(),
        links: links(),
        batchSize: 2,
      },
      0.5,
    );
    const campaign = await campaignWithDonors(t.db, [
      'dee@queue.test',
      'eve@queue.test',
      'fay@queue.test',
      'gus@queue.test',
    ]);
    await suppress(t.db, 'gus@queue.test', 'opted_out', 'test');

    const created = await rest(marketing, 'POST', '/donor-emails', { campaignId: campaign.id, ...content });
    expect(created.status).toBe(201);
    const send = created.json as { id: number; status: string; total: number; suppressed_count: number };
    expect(send).toMatchObject({ total: 4, suppressed_count: 1 });
    // The job is sent before the answer is read, and a send wakes this process's worker at once
    // (docs/decisions/0053-local-sends-wake-workers.md): it may have started, or even finished.
    expect(['queued', 'sending', 'sent']).toContain(send.status);

    await waitUntil(
      async () => (await rest(marketing, 'GET', `/donor-emails/${send.id}`)).json as { status: string },
      (row) => row.status === 'sent',
    );
    expect(await report(send.id)).toEqual({
      status: 'sent',
      total: 4,
      sent_count: 3,
      suppressed_count: 1,
      failed_count: 0,
    });

    const outbox = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'text_body', 'headers', 'idempotency_key'])
      .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
      .orderBy('to_address')
      .execute();
    expect(outbox.map((m) => m.to_address)).toEqual(['dee@queue.test', 'eve@queue.test', 'fay@queue.test']);
    for (const message of outbox) {
      const header = message.headers['List-Unsubscribe'] ?? '';
      expect(header).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=[^>]+>$/);
      expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(message.text_body).toContain(`Unsubscribe: ${header.slice(1, -1)}`);
      expect(message.text_body).toMatch(/^Hi (Dee|Eve|Fay),/);
    }
    const progress = await t.db
      .selectFrom('job_progress')
      .select(['done', 'total'])
      .where('queue', '=', 'mass-email')
      .orderBy('updated_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(progress).toEqual({ done: 4, total: 4 });
  });
});

describe('over SMTP', () => {
  it('suppresses an address the server refuses with 550 and reports it failed', async () => {
    const port = await closedPort();
    const smtp = await startFakeSmtpServer(port, { rejectRecipients: ['gone@bounce.test'] });
    try {
      const email = smtpEmail(`smtp://127.0.0.1:${port}`, 'Campaign HQ <no-reply@campaignhq.test>');
      const campaign = await campaignWithDonors(t.db, [
        'hal@bounce.test',
        'gone@bounce.test',
        'ivy@bounce.test',
      ]);
      const send = await queued(campaign.id);
      expect(await deliverSend({ db: t.db, email, links: links() }, send.id)).toEqual({ state: 'finished' });

      expect(copiesPerAddress(smtp.messages)).toEqual({ 'hal@bounce.test': 1, 'ivy@bounce.test': 1 });
      expect(await report(send.id)).toMatchObject({ status: 'sent', sent_count: 2, failed_count: 1 });
      expect(await recipientStatuses(send.id)).toEqual({
        'gone@bounce.test': 'failed',
        'hal@bounce.test': 'sent',
        'ivy@bounce.test': 'sent',
      });
      const suppression = await t.db
        .selectFrom('email_suppressions')
        .select(['reason', 'source'])
        .where('email', '=', 'gone@bounce.test')
        .executeTakeFirstOrThrow();
      expect(suppression).toEqual({ reason: 'hard_bounce', source: `mass-email:${send.id}` });
      // The generic email-delivery retries leave keyed messages alone.
      expect(await email.undelivered(t.db)).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('retries a soft failure (server unreachable) later, reusing the refused message, and sends it once', async () => {
    const port = await closedPort();
    const email = smtpEmail(`smtp://127.0.0.1:${port}`, 'Campaign HQ <no-reply@campaignhq.test>');
    const campaign = await campaignWithDonors(t.db, ['soft1@retry.test', 'soft2@retry.test']);
    const send = await queued(campaign.id);

    const first = await deliverSend({ db: t.db, email, links: links() }, send.id);
    expect(first.state).toBe('continue');
    expect(first.state === 'continue' && first.notBefore.getTime()).toBeGreaterThan(Date.now());
    const waiting = await t.db
      .selectFrom('mass_email_recipients')
      .select(['status', 'attempts', 'error'])
      .where('send_id', '=', send.id)
      .execute();
    expect(waiting.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    // Keyed messages are not the generic email-delivery job's to retry.
    expect(await email.undelivered(t.db)).toBe(0);

    // The server is back and the retry is due.
    const smtp = await startFakeSmtpServer(port);
    try {
      await t.db
        .updateTable('mass_email_recipients')
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where('send_id', '=', send.id)
        .execute();
      expect(await deliverSend({ db: t.db, email, links: links() }, send.id)).toEqual({ state: 'finished' });
      expect(copiesPerAddress(smtp.messages)).toEqual({ 'soft1@retry.test': 1, 'soft2@retry.test': 1 });
      const outbox = await t.db
        .selectFrom('email_outbox')
        .select(['status', 'attempts'])
        .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
        .execute();
      expect(outbox).toEqual([
        { status: 'sent', attempts: 2 },
        { status: 'sent', attempts: 2 },
      ]);
      expect(await report(send.id)).toMatchObject({ status: 'sent', sent_count: 2, failed_count: 0 });
    } finally {
      await smtp.close();
    }
  });

  it('sends no second copy to anyone when a stopped send is started again', async () => {
    const port = await closedPort();
    const smtp = await startFakeSmtpServer(port);
    try {
      const email = smtpEmail(`smtp://127.0.0.1:${port}`, 'Campaign HQ <no-reply@campaignhq.test>');
      const addresses = [
        'r1@restart.test',
        'r2@restart.test',
        'r3@restart.test',
        'r4@restart.test',
        'r5@restart.test',
      ];
      const campaign = await campaignWithDonors(t.db, addresses);
      const send = await queued(campaign.id);

      // The worker stops after the third message left and before it was marked sent.
      let handedOver = 0;
      const stopping = deliverSend(
        {
          db: t.db,
          email,
          links: links(),
          batchSize: 2,
          afterHandOff: () => {
            handedOver += 1;
            if (handedOver === 3) throw new Error('worker stopped');
          },
        },
        send.id,
      );
      await expect(stopping).rejects.toThrow('worker stopped');
      expect(Object.values(copiesPerAddress(smtp.messages))).toEqual([1, 1, 1]);
      const afterStop = await recipientStatuses(send.id);
      // Batch two was claimed: its first message left and was never marked, its second never left.
      // The fifth was not claimed yet.
      const crashed = addresses.filter((a) => afterStop[a] === 'sending');
      const waiting = addresses.filter((a) => afterStop[a] === 'pending');
      expect([crashed.length, waiting.length]).toEqual([2, 1]);

      // Another run stopped while `inFlight` was with the mail server: its outbox row says 'sending'.
      const inFlight = waiting[0]!;
      await t.db
        .updateTable('mass_email_recipients')
        .set({ status: 'sending' })
        .where('send_id', '=', send.id)
        .where('email', '=', inFlight)
        .execute();
      await t.db
        .insertInto('email_outbox')
        .values({
          to_address: inFlight,
          subject: 'Thank you',
          text_body: '…',
          transport: 'smtp',
          status: 'sending',
          idempotency_key: messageKey(send.id, inFlight),
        })
        .execute();

      expect(await deliverSend({ db: t.db, email, links: links(), batchSize: 2 }, send.id)).toEqual({
        state: 'finished',
      });

      // Nobody got two; the in-flight address, which may have got one, is not sent another and is reported.
      const copies = copiesPerAddress(smtp.messages);
      expect(copies).toEqual(Object.fromEntries(addresses.filter((a) => a !== inFlight).map((a) => [a, 1])));
      const outbox = await t.db
        .selectFrom('email_outbox')
        .select(['to_address', 'status'])
        .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
        .execute();
      expect(outbox).toHaveLength(5);
      expect(
        outbox
          .filter((r) => r.status === 'sent')
          .map((r) => r.to_address)
          .sort(),
      ).toEqual(addresses.filter((a) => a !== inFlight));
      expect(await report(send.id)).toMatchObject({ status: 'sent', sent_count: 4, failed_count: 1 });
      const unconfirmed = await t.db
        .selectFrom('mass_email_recipients')
        .select(['status', 'error'])
        .where('send_id', '=', send.id)
        .where('email', '=', inFlight)
        .executeTakeFirstOrThrow();
      expect(unconfirmed.status).toBe('failed');
      expect(unconfirmed.error).toMatch(/^unconfirmed/);
    } finally {
      await smtp.close();
    }
  });
});

describe('cancel', () => {
  it('stops a queued send before anyone gets it, and refuses to cancel a finished one', async () => {
    const campaign = await campaignWithDonors(t.db, ['una@cancel.test', 'vic@cancel.test']);
    const send = await queued(campaign.id);
    const cancelled = await rest(marketing, 'PUT', `/donor-emails/${send.id}`, {
      id: send.id,
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled' });
    expect(await deliverSend({ db: t.db, email: outboxEmail(), links: links() }, send.id)).toEqual({
      state: 'gone',
    });
    const sent = await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
      .execute();
    expect(sent).toEqual([]);

    const done = await queued((await campaignWithDonors(t.db, ['wes@cancel.test'])).id);
    await deliverSend({ db: t.db, email: outboxEmail(), links: links() }, done.id);
    const late = await rest(marketing, 'PUT', `/donor-emails/${done.id}`, { status: 'cancelled' });
    expect(late.status).toBe(400);
    expect((await report(done.id)).status).toBe('sent');
    expect((await rest(support, 'PUT', `/donor-emails/${send.id}`, { status: 'cancelled' })).status).toBe(
      403,
    );
  });
});
