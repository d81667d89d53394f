import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorse, endorsementsOf, withdrawEndorsement } from '../../../api/modules/endorsements/service';
import { NotFoundError, ValidationError } from '../../../api/modules/errors';
import type { DbHandle } from '../../../db/client';
import { makeCandidate, makeMember, makeOrganization } from '../../factories/social';
import { createTestDatabase } from '../../factories/test-db';

/** Endorsements: one per endorser and candidate, withdrawable, candidates only, no vendors. */
let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('endorsing a candidate', () => {
  it('counts one endorsement per endorser however often they press, and lists organizations by name', async () => {
    const candidate = await makeCandidate(handle.db);
    const member = await makeMember(handle.db);
    const union = await makeOrganization(handle.db, 'Teachers Union Local 12');
    const club = await makeOrganization(handle.db, 'Audubon Club');
    await endorse(handle.db, member.id, candidate.id);
    await endorse(handle.db, member.id, candidate.id);
    await endorse(handle.db, union.id, candidate.id);
    await endorse(handle.db, club.id, candidate.id);
    const summary = await endorsementsOf(handle.db, candidate.id, member.id);
    expect(summary.total).toBe(3);
    expect(summary.endorsedByViewer).toBe(true);
    expect(summary.organizations.map((o) => o.name)).toEqual(['Audubon Club', 'Teachers Union Local 12']);
    expect(summary.organizations[0]!.path).toBe(`/profile/audubon-club/${club.id}`);
  });

  it('is refused twice by the database itself (the primary key)', async () => {
    const candidate = await makeCandidate(handle.db);
    const member = await makeMember(handle.db);
    const row = { candidate_id: candidate.id, endorser_id: member.id };
    await handle.db.insertInto('endorsements').values(row).execute();
    await expect(handle.db.insertInto('endorsements').values(row).execute()).rejects.toThrow();
  });

  it('can be withdrawn', async () => {
    const candidate = await makeCandidate(handle.db);
    const member = await makeMember(handle.db);
    await endorse(handle.db, member.id, candidate.id);
    await withdrawEndorsement(handle.db, member.id, candidate.id);
    expect(await endorsementsOf(handle.db, candidate.id, member.id)).toEqual({
      total: 0,
      organizations: [],
      endorsedByViewer: false,
    });
  });

  it('refuses members who are not candidates, oneself, vendors, and closed accounts', async () => {
    const candidate = await makeCandidate(handle.db);
    const member = await makeMember(handle.db);
    const vendor = await makeMember(handle.db, { is_vendor: true });
    const blocked = await makeCandidate(handle.db, { blocked_at: new Date() });
    await expect(endorse(handle.db, candidate.id, member.id)).rejects.toBeInstanceOf(ValidationError);
    await expect(endorse(handle.db, candidate.id, candidate.id)).rejects.toBeInstanceOf(ValidationError);
    await expect(endorse(handle.db, vendor.id, candidate.id)).rejects.toBeInstanceOf(ValidationError);
    await expect(endorse(handle.db, member.id, blocked.id)).rejects.toBeInstanceOf(NotFoundError);
    const count = await handle.db
      .selectFrom('endorsements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endorser_id', 'in', [candidate.id, vendor.id, member.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
