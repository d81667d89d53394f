import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { limitMessage, startGift } from '../../../api/modules/donations/start-gift';
import { aCandidate, aGift, aMember } from '../../factories/donations';
import { gifts, PRIMARY_DAY, setUpGivingApp, t } from '../../factories/giving-harness';

/**
 * One person's gifts to one candidate for one election stay within $3,500 whichever way they give:
 * as a guest with their account's email, as a guest with another email but their name and ZIP, or
 * signed in (docs/decisions/0069-donations-one-identity-rule.md).
 */
setUpGivingApp();

const WAYS = [
  'guest with the member email',
  'guest with a new email, same name and ZIP',
  'signed in',
] as const;
type Way = (typeof WAYS)[number];

/** Every sequence of `length` gifts over the three ways: each order and each combination, repeats included. */
function sequences(length: number): Way[][] {
  if (length === 0) return [[]];
  return sequences(length - 1).flatMap((rest) => WAYS.map((way) => [way, ...rest]));
}

/** A member with a name and ZIP no other person in this file has. */
async function aPerson() {
  const member = await aMember(t.db);
  const tag = randomBytes(4).toString('hex');
  return { member, firstName: 'Pat', lastName: `Person ${tag}`, zip: '40404' };
}

type Person = Awaited<ReturnType<typeof aPerson>>;

function give(handle: string, person: Person, way: Way, amountCents: number) {
  const form = {
    amountCents,
    firstName: person.firstName,
    lastName: person.lastName,
    zip: person.zip,
    employer: 'Acme',
    occupation: 'Engineer',
  };
  switch (way) {
    case 'guest with the member email':
      return startGift(gifts, aGift(handle, { ...form, email: person.member.email }), undefined, PRIMARY_DAY);
    case 'guest with a new email, same name and ZIP':
      return startGift(gifts, aGift(handle, form), undefined, PRIMARY_DAY);
    case 'signed in':
      return startGift(
        gifts,
        aGift(handle, { ...form, email: person.member.email }),
        { userId: person.member.id },
        PRIMARY_DAY,
      );
  }
}

/** What the gifts did: the accepted amounts' sum and the refusals' messages. */
async function outcome(handle: string, person: Person, ways: Way[], amountCents: number) {
  let acceptedCents = 0;
  const refusals: string[] = [];
  for (const way of ways) {
    try {
      await give(handle, person, way, amountCents);
      acceptedCents += amountCents;
    } catch (error) {
      refusals.push((error as Error).message);
    }
  }
  return { acceptedCents, refusals };
}

describe('one person giving as a guest and as a member', () => {
  it('is held to $3,500 for one candidate and election in every order of the ways they give', async () => {
    const c = await aCandidate(t.db);
    const orders = sequences(3);
    expect(orders).toHaveLength(27);
    for (const ways of orders) {
      const person = await aPerson();
      // Two $1,500 gifts fit; the third would make $4,500 and is refused with what is left.
      const result = await outcome(c.handle, person, ways, 150_000);
      expect({ ways, ...result }).toEqual({
        ways,
        acceptedCents: 300_000,
        refusals: [limitMessage('primary', 50_000)],
      });
    }
  });

  it('refuses $3,500 signed in after $3,500 as a guest with another email, and the reverse', async () => {
    const c = await aCandidate(t.db);
    for (const ways of [
      ['guest with a new email, same name and ZIP', 'signed in'],
      ['signed in', 'guest with a new email, same name and ZIP'],
    ] satisfies Way[][]) {
      const person = await aPerson();
      expect(await outcome(c.handle, person, ways, 350_000)).toEqual({
        acceptedCents: 350_000,
        refusals: [limitMessage('primary', 0)],
      });
    }
  });

  it("counts both guest donors a member's gift matches, one by email and one by name and ZIP", async () => {
    const c = await aCandidate(t.db);
    const person = await aPerson();
    const form = { employer: 'Acme', occupation: 'Engineer' };
    const email = `before-signup-${randomBytes(4).toString('hex')}@example.test`;
    // Before the account had this email: a gift under another name and ZIP, then one with the
    // member's name and ZIP under a third email. Nothing yet says these two are one person.
    await startGift(
      gifts,
      aGift(c.handle, {
        ...form,
        email,
        firstName: 'Patricia',
        lastName: 'Maiden',
        zip: '50505',
        amountCents: 200_000,
      }),
      undefined,
      PRIMARY_DAY,
    );
    const byName = aGift(c.handle, {
      ...form,
      firstName: person.firstName,
      lastName: person.lastName,
      zip: person.zip,
      amountCents: 100_000,
    });
    await startGift(gifts, byName, undefined, PRIMARY_DAY);
    await t.db.updateTable('users').set({ email }).where('id', '=', person.member.id).execute();
    const signedIn = (amountCents: number) =>
      startGift(
        gifts,
        aGift(c.handle, {
          ...form,
          email,
          firstName: person.firstName,
          lastName: person.lastName,
          zip: person.zip,
          amountCents,
        }),
        { userId: person.member.id },
        PRIMARY_DAY,
      );
    await expect(signedIn(100_000)).rejects.toThrow(limitMessage('primary', 50_000));
    await signedIn(50_000);
    // The member's gift made them one person: a later guest gift found only by the second email counts it all.
    await expect(
      startGift(
        gifts,
        aGift(c.handle, {
          ...form,
          email: byName.email,
          firstName: 'P',
          lastName: 'Other',
          zip: '60606',
          amountCents: 100,
        }),
        undefined,
        PRIMARY_DAY,
      ),
    ).rejects.toThrow(limitMessage('primary', 0));
  });

  it('lets exactly three of twelve racing $1,000 gifts of one person through, however each is made', async () => {
    const c = await aCandidate(t.db);
    const person = await aPerson();
    await give(c.handle, person, 'guest with a new email, same name and ZIP', 50_000);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => give(c.handle, person, WAYS[i % WAYS.length]!, 100_000)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(limitMessage('primary', 0));
    }
  });
});
