import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';

/** The pitch's length: a few sentences, so the page's form still fits two phone screens. */
export const PITCH_MAX = 400;

/** The dashboard's pitch form; an empty pitch removes it. */
export const pitchInput = z.object({
  pitch: z.string().trim().max(PITCH_MAX, `Keep your pitch to ${PITCH_MAX} characters.`),
});

/** What the candidate wrote for their donation page, or null (docs/decisions/0094-refcodes-and-honest-monthly.md). */
export async function candidatePitch(db: Db, candidateId: number): Promise<string | null> {
  const row = await db
    .selectFrom('candidate_giving_pages')
    .select('pitch')
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  return row?.pitch ?? null;
}

export async function saveCandidatePitch(db: Db, candidateId: number, pitch: string): Promise<void> {
  if (pitch === '') {
    await db.deleteFrom('candidate_giving_pages').where('candidate_id', '=', candidateId).execute();
    return;
  }
  await db
    .insertInto('candidate_giving_pages')
    .values({ candidate_id: candidateId, pitch })
    .onConflict((oc) => oc.column('candidate_id').doUpdateSet({ pitch, updated_at: sql<Date>`now()` }))
    .execute();
}
