import { describe, expect, it } from 'vitest';
import { committedCents } from '../../../api/modules/donations/ledger';
import { startGift } from '../../../api/modules/donations/start-gift';
import { aCandidate, aGift, aMember } from '../../factories/donations';

import {
  AFTER_GENERAL,
  GENERAL_DAY,
  gift,
  gifts,
  PRIMARY_DAY,
  setUpGivingApp,
  t,
} from '../../factories/giving-harness';

/** Giving on a real database: the per-election limit, who a donor is, employer and occupation. */
setUpGivingApp();

describe('the per-election limit', () => {
  it('counts a gift toward the primary, the general when designated or later, and refuses after the general', async () => {
    const c = await aCandidate(t.db);
    const email = 'limits@example.test';
    const primary = await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 350_000, employer: 'Acme', occupation: 'Engineer' }),
      undefined,
      PRIMARY_DAY,
    );
    expect((await gift(primary.reference)).election).toBe('primary');
    await expect(
      startGift(
        gifts,
        aGift(c.handle, { email, amountCents: 100, employer: 'Acme', occupation: 'Engineer' }),
        undefined,
        PRIMARY_DAY,
      ),
    ).rejects.toMatchObject({
      fieldErrors: {
        amountCents: [
          'This gift would pass the $3,500 limit for the primary election. You can give up to $0.00 more.',
        ],
      },
    });
    const designated = await startGift(
      gifts,
      aGift(c.handle, {
        email,
        amountCents: 300_000,
        designateGeneral: true,
        employer: 'Acme',
        occupation: 'Engineer',
      }),
      undefined,
      PRIMARY_DAY,
    );
    expect(await gift(designated.reference)).toMatchObject({ election: 'general', designated_general: true });
    const later = await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 50_000, employer: 'Acme', occupation: 'Engineer' }),
      undefined,
      GENERAL_DAY,
    );
    expect((await gift(later.reference)).election).toBe('general');
    await expect(
      startGift(
        gifts,
        aGift(c.handle, { email, amountCents: 100, employer: 'Acme', occupation: 'Engineer' }),
        undefined,
        GENERAL_DAY,
      ),
    ).rejects.toMatchObject({
      message:
        'This gift would pass the $3,500 limit for the general election. You can give up to $0.00 more.',
    });
    await expect(startGift(gifts, aGift(c.handle, { email }), undefined, AFTER_GENERAL)).rejects.toThrow(
      "The general election is over; this campaign can't accept gifts.",
    );
  });

  it('stores and charges nothing for a refused gift', async () => {
    const c = await aCandidate(t.db);
    const email = 'refused@example.test';
    await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 340_000, employer: 'A', occupation: 'B' }),
      undefined,
      PRIMARY_DAY,
    );
    const before = await t.db.selectFrom('donations').select('id').where('candidate_id', '=', c.id).execute();
    await expect(
      startGift(
        gifts,
        aGift(c.handle, { email, amountCents: 20_000, employer: 'A', occupation: 'B' }),
        undefined,
        PRIMARY_DAY,
      ),
    ).rejects.toMatchObject({ message: expect.stringContaining('You can give up to $100.00 more.') });
    const after = await t.db.selectFrom('donations').select('id').where('candidate_id', '=', c.id).execute();
    expect(after).toHaveLength(before.length);
  });

  it('lets exactly 5 of 50 racing $100 gifts through when $3,000 is already given', async () => {
    const c = await aCandidate(t.db);
    const email = 'racer@example.test';
    const form = { email, employer: 'Acme', occupation: 'Engineer' };
    await startGift(gifts, aGift(c.handle, { ...form, amountCents: 300_000 }), undefined, PRIMARY_DAY);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        startGift(
          gifts,
          aGift(c.handle, { ...form, amountCents: 10_000 }),
          { userId: null, ip: `10.0.0.${i}` },
          PRIMARY_DAY,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const donors = await t.db
      .selectFrom('donations')
      .select('donor_id')
      .distinct()
      .where('candidate_id', '=', c.id)
      .execute();
    expect(donors).toHaveLength(1);
    expect(
      await committedCents(t.db, { candidateId: c.id, donorId: donors[0]!.donor_id, election: 'primary' }),
    ).toBe(350_000);
    const total = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('sum'))
      .where('candidate_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(350_000);
  });
});

describe('who a donor is', () => {
  it('joins guest and member gifts by email, and guests by name and ZIP', async () => {
    const c = await aCandidate(t.db);
    const member = await aMember(t.db);
    // A name and ZIP no other test uses: guests join the earliest donor with them.
    const person = { firstName: 'Quinn', lastName: `Matcher ${c.handle}`, zip: '30301' };
    const guest = await startGift(
      gifts,
      aGift(c.handle, { ...person, email: member.email.toUpperCase() }),
      undefined,
      PRIMARY_DAY,
    );
    const signedIn = await startGift(
      gifts,
      aGift(c.handle, { ...person, email: 'other@example.test' }),
      { userId: member.id },
      PRIMARY_DAY,
    );
    const sameName = await startGift(
      gifts,
      aGift(c.handle, {
        email: 'quinn.work@example.test',
        firstName: 'Quínn',
        lastName: `matcher  ${c.handle}.`,
        zip: '30301-1234',
      }),
      undefined,
      PRIMARY_DAY,
    );
    const first = await gift(guest.reference);
    expect((await gift(signedIn.reference)).donor_id).toBe(first.donor_id);
    const donor = await t.db
      .selectFrom('donors')
      .selectAll()
      .where('id', '=', first.donor_id)
      .executeTakeFirstOrThrow();
    expect(donor.user_id).toBe(member.id);
    expect((await gift(sameName.reference)).donor_id).toBe(first.donor_id);
    // A different person at the same ZIP is a different donor.
    const stranger = await startGift(
      gifts,
      aGift(c.handle, { ...person, firstName: 'Robin' }),
      undefined,
      PRIMARY_DAY,
    );
    expect((await gift(stranger.reference)).donor_id).not.toBe(first.donor_id);
  });

  it('refuses an organization, signed in or named by a guest email', async () => {
    const c = await aCandidate(t.db);
    const org = await aMember(t.db, 'organization');
    await expect(startGift(gifts, aGift(c.handle), { userId: org.id }, PRIMARY_DAY)).rejects.toThrow(
      'Organization accounts cannot donate to candidates.',
    );
    await expect(
      startGift(gifts, aGift(c.handle, { email: org.email }), undefined, PRIMARY_DAY),
    ).rejects.toThrow('Organization accounts cannot donate to candidates.');
  });
});

describe('employer and occupation', () => {
  it('are required once the cycle total passes $200, and nothing is stored without them', async () => {
    const c = await aCandidate(t.db);
    const email = 'threshold@example.test';
    await startGift(gifts, aGift(c.handle, { email, amountCents: 15_000 }), undefined, PRIMARY_DAY);
    const refused = startGift(gifts, aGift(c.handle, { email, amountCents: 6_000 }), undefined, PRIMARY_DAY);
    await expect(refused).rejects.toMatchObject({
      fieldErrors: { employer: [expect.any(String)], occupation: [expect.any(String)] },
    });
    expect(await t.db.selectFrom('donations').select('id').where('email', '=', email).execute()).toHaveLength(
      1,
    );
    // Exactly $200 in the cycle needs nothing more.
    await startGift(gifts, aGift(c.handle, { email, amountCents: 5_000 }), undefined, PRIMARY_DAY);
    await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 100, employer: 'Acme', occupation: 'Nurse' }),
      undefined,
      PRIMARY_DAY,
    );
  });
});
