import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { startGift } from '../../../api/modules/donations/start-gift';
import { checkRecord, recordFields } from '../../../api/modules/fec-reports/fec-records';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { demoAccounts } from '../../factories/accounts';
import { aCandidate, aGift, aMember } from '../../factories/donations';
import { deps, gifts, mailTo, monthly, pay, setUpGivingApp, t } from '../../factories/giving-harness';
import { signedIn } from '../../factories/staff';

/**
 * 48-hour notices through the real giving flow (docs/decisions/0090-fec-reports.md): a paid gift of
 * $1,000 or more inside the window raises the alarm, notifies and emails the candidate and the
 * treasurers, and lands in exactly one notice, whose Form 6 file is well-formed.
 */
setUpGivingApp();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function giveAndPay(handle: string, amountCents: number, email: string, lastName = 'Núñez') {
  const started = await startGift(
    gifts,
    aGift(handle, {
      amountCents,
      email,
      employer: 'Acme',
      occupation: 'Welder',
      firstName: 'José',
      lastName,
      zip: '43215',
    }),
  );
  await pay(started.reference);
  return started.reference;
}

describe('48-hour notices', () => {
  it('raise one notice per qualifying gift, with the alarm, the emails, the notification and Form 6', async () => {
    const made = await demoAccounts(t.db, 'candidate');
    const candidateId = made.candidate.id;
    // The general is 10 days away: today is inside its window (from the 19th day before to 2 days before).
    await t.db
      .insertInto('candidate_elections')
      .values({ candidate_id: candidateId, primary_on: day(-60), general_on: day(10) })
      .execute();
    const treasurer = await aMember(t.db);
    await t.db
      .insertInto('campaign_treasurers')
      .values({ candidate_id: candidateId, user_id: treasurer.id })
      .execute();
    const marisol = await signedIn(t, 'candidate@demo.campaignhq.test');
    await marisol.form('/campaign-dashboard/committee', {
      committeeId: 'C00990318',
      committeeName: 'Marisol Grant for Congress',
      street1: '250 East Broad Street',
      city: 'Columbus',
      state: 'OH',
      zip: '43215',
      candidateFecId: 'H6OH03109',
      office: 'H',
      electionState: 'OH',
      district: '03',
      treasurerFirstName: 'Teresa',
      treasurerLastName: 'Alvarez',
    });

    const small = await giveAndPay('marisol-grant', 99_999, 'small@example.test', 'Small');
    const big = await giveAndPay('marisol-grant', 100_000, 'big@example.test');
    await pay(big); // a redelivered payment lists the gift once
    const notices = await t.db
      .selectFrom('forty_eight_hour_notices')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .execute();
    expect(notices).toHaveLength(1);
    const lines = await t.db.selectFrom('forty_eight_hour_notice_gifts').selectAll().execute();
    expect(lines).toHaveLength(1);
    const bigId = (
      await t.db.selectFrom('donations').select('id').where('reference', '=', big).executeTakeFirstOrThrow()
    ).id;
    const smallId = (
      await t.db.selectFrom('donations').select('id').where('reference', '=', small).executeTakeFirstOrThrow()
    ).id;
    expect(String(lines[0]!.donation_id)).toBe(String(bigId));
    expect(lines.map((l) => String(l.donation_id))).not.toContain(String(smallId));

    const notes = await t.db
      .selectFrom('notifications')
      .select(['message', 'type'])
      .where('user_id', '=', candidateId)
      .where('message', 'like', '48-hour notice%')
      .execute();
    expect(notes).toEqual([
      {
        message: '48-hour notice needed: $1,000.00 from José Núñez, due within 48 hours',
        type: NOTIFICATION_TYPE.donationReceived,
      },
    ]);
    for (const to of ['candidate@demo.campaignhq.test', treasurer.email])
      expect((await mailTo(to)).map((m) => m.subject)).toContain('48-hour notice needed (FEC Form 6)');

    const html = await (await marisol.request('/campaign-dashboard')).text();
    expect(html).toMatch(/data-testid="notice-alarm"[\s\S]*<strong>due in 4[78] hours<\/strong>/);

    const file = await marisol.request(`/campaign-dashboard/notices/${notices[0]!.id}/form6.fec`);
    expect(file.status).toBe(200);
    const records = (await file.text()).split(/(?<=\n)/);
    for (const line of records) expect(checkRecord(line)).toEqual([]);
    expect(records.map((l) => recordFields(l).form_type ?? recordFields(l).record_type)).toEqual([
      'HDR',
      'F6',
      'F65',
    ]);
    expect(recordFields(records[2]!)).toMatchObject({
      contributor_last_name: 'Nunez',
      contribution_amount: '1000.00',
    });

    // Another qualifying gift joins the open notice; once it is marked filed, the next starts a new one.
    await giveAndPay('marisol-grant', 250_000, 'second@example.test', 'Second');
    expect(await t.db.selectFrom('forty_eight_hour_notice_gifts').selectAll().execute()).toHaveLength(2);
    expect((await marisol.form(`/campaign-dashboard/notices/${notices[0]!.id}/filed`, {})).status).toBe(303);
    expect(await (await marisol.request('/campaign-dashboard')).text()).not.toContain(
      'data-testid="notice-alarm"',
    );
    await giveAndPay('marisol-grant', 150_000, 'third@example.test', 'Third');
    const after = await t.db
      .selectFrom('forty_eight_hour_notices')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .execute();
    expect(after).toHaveLength(2);
    expect((await marisol.form(`/campaign-dashboard/notices/${notices[0]!.id}/filed`, {})).status).toBe(404);
  });

  it("puts a monthly gift's $1,000 renewal inside the window in the open notice, once", async () => {
    const c = await aCandidate(t.db, { primaryOn: day(-60), generalOn: day(10) });
    const email = 'monthly-notice@example.test';
    const started = new Date(Date.now() - 31 * 86_400_000);
    const { recurringReference } = await monthly(
      c.handle,
      { email, amountCents: 100_000, employer: 'Acme', occupation: 'Nurse' },
      started,
    );
    // The renewal comes due now, inside the general's window; a second run charges nothing more.
    await chargeDueRenewals(deps, new Date(Date.now() + 3_600_000));
    await chargeDueRenewals(deps, new Date(Date.now() + 7_200_000));
    const charges = await t.db
      .selectFrom('donations as d')
      .innerJoin('recurring_donations as r', 'r.id', 'd.recurring_id')
      .select(['d.id', 'd.status'])
      .where('r.reference', '=', recurringReference)
      .orderBy('d.id')
      .execute();
    // The first charge and one renewal, both paid (now, in the window): each is on the notice once.
    expect(charges.map((r) => r.status)).toEqual(['paid', 'paid']);
    const lines = await t.db
      .selectFrom('forty_eight_hour_notice_gifts as g')
      .innerJoin('forty_eight_hour_notices as n', 'n.id', 'g.notice_id')
      .select(['g.donation_id', 'n.election'])
      .where('n.candidate_id', '=', c.id)
      .orderBy('g.donation_id')
      .execute();
    expect(lines.map((l) => [String(l.donation_id), l.election])).toEqual(
      charges.map((r) => [String(r.id), 'general']),
    );
  });

  it("is the normal 404 for another candidate's notice", async () => {
    const vendorless = await demoAccounts(t.db, 'member');
    await t.db
      .updateTable('users')
      .set({ is_candidate: true, handle: 'jordan-rivera' })
      .where('id', '=', vendorless.member.id)
      .execute();
    const jordan = await signedIn(t, 'member@demo.campaignhq.test');
    const notice = await t.db.selectFrom('forty_eight_hour_notices').select('id').executeTakeFirstOrThrow();
    expect((await jordan.request(`/campaign-dashboard/notices/${notice.id}/form6.fec`)).status).toBe(404);
    const res = await jordan.form(`/campaign-dashboard/notices/${notice.id}/filed`, {});
    expect([res.status, res.headers.get('location')]).toEqual([404, null]);
  });
});
