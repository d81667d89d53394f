import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { profileName, profilePath } from '../../contract/person-names';
import { paidGift } from '../donations/paid-gifts';

/**
 * /candidate-ranking (docs/decisions/0033-social.md): open candidates ranked by supporters (followers), paid
 * donations or endorsements, filtered by office and state. One query: the candidates come from the
 * partial index users_candidates, each count from an index-only scan of its own index
 * (follows_followee, donations_candidate_paid, endorsements_pk). Counting only open followers
 * would join users per follow and was three times slower (tests/bench/candidate-ranking.bench.ts);
 * deleting an account removes its follows already.
 */
export const RANKING_SORTS = ['supporters', 'donations', 'endorsements'] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];
export const RANKING_PAGE = 50;

/** The GET form's query: anything unexpected falls back to "all", so a bad link still answers. */
export const rankingQuery = z.object({
  office: z
    .string()
    .trim()
    .max(80)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  sort: z.enum(RANKING_SORTS).catch('supporters').default('supporters'),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});
export type RankingQuery = z.infer<typeof rankingQuery>;

export interface RankedCandidate {
  rank: number;
  id: number;
  name: string;
  path: string;
  image: string | null;
  office: string | null;
  district: string | null;
  state: string | null;
  party: string | null;
  supporters: number;
  donatedCents: number;
  endorsements: number;
}

const ORDER: Record<RankingSort, ReturnType<typeof sql>> = {
  supporters: sql`supporters DESC, donated_cents DESC, endorsements DESC`,
  donations: sql`donated_cents DESC, supporters DESC, endorsements DESC`,
  endorsements: sql`endorsements DESC, supporters DESC, donated_cents DESC`,
};

export async function rankCandidates(
  db: Db,
  query: RankingQuery,
): Promise<{ rows: RankedCandidate[]; hasMore: boolean }> {
  const offset = (query.page - 1) * RANKING_PAGE;
  const office = query.office ? sql`AND u.candidate_office = ${query.office}` : sql``;
  const state = query.state ? sql`AND u.state = ${query.state}` : sql``;
  const { rows } = await sql<{
    id: number;
    kind: 'individual' | 'organization';
    first_name: string | null;
    last_name: string | null;
    org_name: string | null;
    profile_image: string | null;
    candidate_office: string | null;
    candidate_district: string | null;
    state: string | null;
    party: string | null;
    supporters: number;
    donated_cents: string | number;
    endorsements: number;
  }>`
    SELECT u.id, u.kind, u.first_name, u.last_name, u.org_name, u.profile_image,
      u.candidate_office, u.candidate_district, u.state, u.party,
      (SELECT count(*)::int FROM follows f WHERE f.followee_id = u.id) AS supporters,
      (SELECT coalesce(sum(d.amount_cents), 0)::bigint FROM donations d
        WHERE d.candidate_id = u.id AND ${paidGift('d')}) AS donated_cents,
      (SELECT count(*)::int FROM endorsements e WHERE e.candidate_id = u.id) AS endorsements
    FROM users u
    WHERE u.is_candidate AND u.blocked_at IS NULL AND u.deleted_at IS NULL ${office} ${state}
    ORDER BY ${ORDER[query.sort]}, u.id
    LIMIT ${RANKING_PAGE + 1} OFFSET ${offset}`.execute(db);
  return {
    hasMore: rows.length > RANKING_PAGE,
    rows: rows.slice(0, RANKING_PAGE).map((r, i) => ({
      rank: offset + i + 1,
      id: r.id,
      name: profileName(r),
      path: profilePath(r),
      image: r.profile_image,
      office: r.candidate_office,
      district: r.candidate_district,
      state: r.state,
      party: r.party,
      supporters: Number(r.supporters),
      donatedCents: Number(r.donated_cents),
      endorsements: Number(r.endorsements),
    })),
  };
}

/** The offices candidates run for, for the office filter. */
export async function candidateOffices(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('candidate_office')
    .distinct()
    .where('is_candidate', '=', true)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where('candidate_office', 'is not', null)
    .orderBy('candidate_office')
    .execute();
  return rows.map((r) => r.candidate_office!);
}
