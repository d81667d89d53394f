import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSendRefcode, givingLinkParams } from '../../../api/contract/giving-links';
import { givingBySource } from '../../../api/modules/campaign-dashboard/by-source';
import { dashboardTotals } from '../../../api/modules/campaign-dashboard/stats';
import { startGift } from '../../../api/modules/donations/start-gift';
import { type AudienceRecipient, MassEmailAudiences } from '../../../api/modules/mass-email/audiences';
import { readClickToken } from '../../../api/modules/mass-email/click-token';
import { deliverSend } from '../../../api/modules/mass-email/delivery';
import { queueSend } from '../../../api/modules/mass-email/sends';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { outboxEmail } from '../../../api/ports/email/outbox';
import type { JobsPort } from '../../../api/ports/queue';
import { aCandidate, aGift } from '../../factories/donations';
import {
  deps,
  gift,
  gifts,
  monthly,
  PRIMARY_DAY,
  pay,
  setUpGivingApp,
  t,
} from '../../factories/giving-harness';

/**
 * Refcodes (docs/decisions/0094-refcodes-and-honest-monthly.md): a 1,000-recipient send whose
 * donation links carry `refcode=em-{send}` by themselves; every gift a click brings is counted for
 * that send, and the candidate's "By source" rows add up to "Raised".
 */
setUpGivingApp();

const READERS = 1_000;
/** Every fourth reader clicks and gives. */
const CLICKERS = 250;

/** A list of READERS addresses, as an audience the send materializes. */
const readers = {
  kind: 'test-readers',
  params: z.object({}),
  missing: {},
  describe: async () => ({ label: 'Test readers', reason: 'you are a test reader' }),
  recipients: () =>
    sql<AudienceRecipient>`SELECT 'reader' || g || '@example.test' AS email, 'Reader' AS first_name
      FROM generate_series(1, ${READERS}) g`,
};

/** The send is delivered here, in the test, not by a queue worker. */
const noQueue = { send: async () => null } as unknown as JobsPort;

/** What a donor's click opens: the page reads the link's query exactly so. */
function click(url: string) {
  const link = new URL(url);
  return {
    handle: link.pathname.split('/')[2] ?? '',
    params: givingLinkParams((n) => link.searchParams.get(n) ?? undefined),
  };
}

describe('a 1,000-recipient send and the gifts its clicks bring', () => {
  it('attributes every gift to its send, and the sources sum to what was raised', async () => {
    const candidate = await aCandidate(t.db);
    const audiences = new MassEmailAudiences().register(readers);
    const staff = await t.db
      .insertInto('users')
      .values({
        email: `sender-${candidate.handle}@example.test`,
        kind: 'individual',
        first_name: 'Sam',
        last_name: 'Sender',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = await queueSend(
      { db: t.db, audiences, jobs: noQueue },
      { kind: 'test-readers', params: {} },
      {
        subject: 'We are close, {{firstName}}',
        body: `Chip in before midnight: ${t.config.appUrl}/donate/${candidate.handle}.\nOr ${t.config.appUrl}/donate/${candidate.handle}?amount=25`,
        fromName: 'Casey for Congress',
      },
      { id: staff.id, ip: '127.0.0.1', permissions: [] },
    );
    const delivered = await deliverSend(
      {
        db: t.db,
        email: outboxEmail(),
        links: { appUrl: t.config.appUrl, appSecret: t.config.appSecret },
        // One run delivers it all here; the queue's job works in 15 s slices (a loaded machine needs more).
        sliceMs: 600_000,
      },
      send.id,
    );
    expect(delivered).toEqual({ state: 'finished' });

    const mail = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'text_body'])
      .where('to_address', 'like', 'reader%@example.test')
      .where('idempotency_key', 'like', `mass-email:${send.id}:%`)
      .orderBy('id')
      .execute();
    expect(mail).toHaveLength(READERS);
    // Each link goes through the click redirect (docs/decisions/0099): read it as the target it opens.
    const { link_targets } = await t.db
      .selectFrom('mass_email_sends')
      .select('link_targets')
      .where('id', '=', send.id)
      .executeTakeFirstOrThrow();
    const opened = (text: string | null) =>
      (text ?? '').replace(/\S+\/email-link\/(\d+\.\d+\.\d+\.[\w-]{43})/g, (_, token: string) => {
        const ref = readClickToken(t.config.appSecret, token);
        return (ref && link_targets?.[ref.linkIndex]) || 'not-a-tracked-link';
      });
    const linkPattern = new RegExp(`${t.config.appUrl}/donate/\\S+?(?=\\.?\\s)`, 'g');
    for (const message of mail) {
      const found = opened(message.text_body).match(linkPattern) ?? [];
      expect(found).toEqual([
        `${t.config.appUrl}/donate/${candidate.handle}?refcode=em-${send.id}`,
        `${t.config.appUrl}/donate/${candidate.handle}?amount=25&refcode=em-${send.id}`,
      ]);
    }

    // Every fourth reader clicks one of the two links and gives what it asks (or $10).
    let fromEmail = 0;
    for (const [i, message] of mail.entries()) {
      if (i % (READERS / CLICKERS) !== 0) continue;
      const links = opened(message.text_body).match(linkPattern) ?? [];
      const { handle, params } = click(links[i % 2] ?? '');
      const amountCents = params.amountCents ?? 1_000;
      const started = await startGift(
        gifts,
        aGift(handle, {
          email: message.to_address,
          lastName: `Reader${i}`,
          amountCents,
          refcode: params.refcode,
        }),
      );
      await pay(started.reference);
      fromEmail += amountCents;
    }
    // One monthly gift from the email (renewed once: the renewal counts for the send too), one
    // from a mailer's link, and one with no refcode at all.
    const { started: monthlyStart } = await monthly(
      candidate.handle,
      { lastName: 'Monthly', amountCents: 3_000, refcode: emailSendRefcode(send.id), refcode2: 'evening' },
      PRIMARY_DAY,
    );
    await chargeDueRenewals(deps, new Date(PRIMARY_DAY.getTime() + 32 * 86_400_000));
    expect(await gift(monthlyStart.reference)).toMatchObject({
      status: 'paid',
      refcode: `em-${send.id}`,
      refcode2: 'evening',
    });
    const mailer = await startGift(
      gifts,
      aGift(candidate.handle, { lastName: 'Mailer', amountCents: 7_000, refcode: 'mailer-1' }),
    );
    await pay(mailer.reference);
    const direct = await startGift(
      gifts,
      aGift(candidate.handle, { lastName: 'Direct', amountCents: 2_000 }),
    );
    await pay(direct.reference);

    const sources = await givingBySource(t.db, candidate.id);
    const bySend = sources.find((s) => s.refcode === `em-${send.id}`);
    expect(bySend).toMatchObject({
      send: { id: send.id, subject: null },
      gifts: CLICKERS + 2,
      cents: fromEmail + 6_000,
      donors: CLICKERS + 1,
      newMonthly: 1,
    });
    expect(sources.find((s) => s.refcode === 'mailer-1')).toMatchObject({ gifts: 1, cents: 7_000 });
    expect(sources.find((s) => s.refcode === null)).toMatchObject({ gifts: 1, cents: 2_000 });

    const totals = await dashboardTotals(t.db, candidate.id);
    expect(sources.reduce((sum, s) => sum + s.cents, 0)).toBe(totals.raisedCents);
    expect(sources.reduce((sum, s) => sum + s.gifts, 0)).toBe(totals.gifts);
  }, 180_000);
});
