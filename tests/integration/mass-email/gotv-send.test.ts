import { describe, expect, it } from 'vitest';
import { deliverSend } from '../../../api/modules/mass-email/delivery';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { aPerson } from '../../factories/gotv';
import { links, marketing, setUpMassEmailApp, support, t } from '../../factories/mass-email-app';
import { listPath, rest } from '../../factories/staff';

/**
 * GOTV sends from /admin/GOTV (docs/decisions/0032-gotv-and-candidate-emails.md): who may write (EMAIL_CAMPAIGN_DONATIONS), a
 * send to a segment materialized once and delivered with the unsubscribe link and headers, and
 * the Mass Emails list showing its report.
 */
setUpMassEmailApp();

const gotv = {
  subject: 'Polls open at 7, {{firstName}}',
  body: 'Find your polling place.',
  fromName: 'Campaign HQ',
};

describe('who may send GOTV email', () => {
  it('refuses staff without EMAIL_CAMPAIGN_DONATIONS every write and read, storing nothing', async () => {
    await aPerson(t.db, { state: 'QD' });
    const before = await t.db
      .selectFrom('mass_email_sends')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [method, path] of [
      ['POST', '/mass-emails'],
      ['POST', '/gotv-segment-sizes'],
      ['POST', '/gotv-email-previews'],
      ['PUT', '/mass-emails/1'],
      ['GET', listPath('mass-emails')],
      ['GET', listPath('gotv-candidates')],
    ] as const) {
      const res = await rest(
        support,
        method,
        path,
        method === 'GET' ? undefined : { states: ['QD'], ...gotv, status: 'cancelled' },
      );
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const after = await t.db
      .selectFrom('mass_email_sends')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('a GOTV send to a segment', () => {
  it('queues the segment once, delivers one email each with the unsubscribe link, and reports it', async () => {
    const voters = [
      await aPerson(t.db, { state: 'QE', firstName: 'Vera' }),
      await aPerson(t.db, { state: 'QE' }),
    ];
    await aPerson(t.db, { state: 'QF' });
    const preview = await rest(marketing, 'POST', '/gotv-email-previews', { states: ['QE'], ...gotv });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ audience: 'GOTV: Members in QE', recipients: 2, suppressed: 0 });

    const res = await rest(marketing, 'POST', '/mass-emails', { states: ['QE'], ...gotv });
    expect(res.status).toBe(201);
    const send = res.json as { id: number; total: number; status: string; audience_kind: string };
    expect(send).toMatchObject({ total: 2, status: 'queued', audience_kind: 'gotv-segment' });

    const email = outboxEmail();
    expect(await deliverSend({ db: t.db, email, links: links() }, send.id)).toEqual({ state: 'finished' });
    const outbox = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body', 'headers'])
      .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
      .orderBy('to_address')
      .execute();
    expect(outbox.map((m) => m.to_address).sort()).toEqual(voters.map((v) => v.email.toLowerCase()).sort());
    const vera = outbox.find((m) => m.to_address === voters[0]!.email.toLowerCase())!;
    expect(vera.subject).toBe('Polls open at 7, Vera');
    expect(vera.text_body).toContain('/unsubscribe?token=');
    expect(JSON.stringify(vera.headers)).toContain('List-Unsubscribe-Post');

    const list = await rest(
      marketing,
      'GET',
      listPath('mass-emails', { filter: { audience_kind: 'gotv-segment' } }),
    );
    expect(list.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: send.id, status: 'sent', sent_count: 2, failed_count: 0 }),
      ]),
    );
  });
});
