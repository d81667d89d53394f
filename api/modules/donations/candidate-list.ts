import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';

/** A candidate's name as the console's donation lists show it (users as u). */
export const candidateName = sql<string>`coalesce(u.org_name, u.first_name || ' ' || u.last_name)`;

/** The console's donation candidates (/admin/campaign-donations): every candidate, by name. */
export const donationCandidatesSpec = defineList({
  resource: 'donation-candidates',
  sortable: ['name', 'id'],
  defaultSort: ['name', 'ASC'],
  filters: { q: z.string().trim().max(120).optional() },
  rows: (db: Db, filter: { q?: string }) => {
    let query = db
      .selectFrom('users as u')
      .select(['u.id', candidateName.as('name'), 'u.handle'])
      .where('u.is_candidate', '=', true);
    if (filter.q) query = query.where(candidateName, 'ilike', containsPattern(filter.q));
    return query;
  },
});
