import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { Stance } from '../../contract/issue-stances';
import { profileName, profilePath } from '../../contract/person-names';
import { ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import type { StanceEntry } from './schema';

/**
 * Candidates' stances on the issues of api/contract/issue-stances.ts, and the two-candidate
 * contrast built from them (docs/decisions/0033-social.md).
 */
const STANCE_LIMIT = { name: 'stances', limit: 30, windowSeconds: 3600 };

export interface CandidateCard {
  id: number;
  name: string;
  path: string;
  image: string | null;
  party: string | null;
  office: string | null;
  district: string | null;
  state: string | null;
  stances: Record<string, { stance: Stance; statement: string }>;
}

/** Replaces the candidate's stances with the form's: an issue left blank loses its stance. */
export async function saveStances(db: Db, candidateId: number, entries: StanceEntry[]): Promise<void> {
  const candidate = await db
    .selectFrom('users')
    .select('is_candidate')
    .where('id', '=', candidateId)
    .executeTakeFirstOrThrow();
  if (!candidate.is_candidate) throw new ValidationError({ form: ['Only candidates state stances.'] });
  await hitRateLimit(db, STANCE_LIMIT, String(candidateId));
  const kept = entries.filter((e) => e.stance !== '');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('issue_stances').where('candidate_id', '=', candidateId).execute();
    if (kept.length === 0) return;
    await trx
      .insertInto('issue_stances')
      .values(
        kept.map((e) => ({
          candidate_id: candidateId,
          issue: e.issue,
          stance: e.stance as Stance,
          statement: e.statement,
          updated_at: new Date(),
        })),
      )
      .execute();
  });
}

export async function stancesOf(db: Db, candidateId: number): Promise<CandidateCard['stances']> {
  const rows = await db
    .selectFrom('issue_stances')
    .select(['issue', 'stance', 'statement'])
    .where('candidate_id', '=', candidateId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.issue, { stance: r.stance, statement: r.statement }]));
}

/** An open candidate's card for the contrast page, or null for anyone else. */
export async function candidateCard(db: Db, id: number): Promise<CandidateCard | null> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'kind',
      'first_name',
      'last_name',
      'org_name',
      'profile_image',
      'party',
      'candidate_office',
      'candidate_district',
      'state',
    ])
    .where('id', '=', id)
    .where('is_candidate', '=', true)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  return {
    id: user.id,
    name: profileName(user),
    path: profilePath(user),
    image: user.profile_image,
    party: user.party,
    office: user.candidate_office,
    district: user.candidate_district,
    state: user.state,
    stances: await stancesOf(db, user.id),
  };
}

/** Every open candidate by name, for the picker (candidates are a few thousand at most). */
export function candidateChoices(db: Db) {
  return db
    .selectFrom('users')
    .select([
      'id',
      sql<string>`coalesce(org_name, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))`.as(
        'name',
      ),
      'candidate_office as office',
      'state',
    ])
    .where('is_candidate', '=', true)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(2000)
    .execute();
}
