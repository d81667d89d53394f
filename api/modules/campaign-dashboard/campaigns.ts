import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { paidGift } from '../donations/paid-gifts';
import { NotFoundError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import type { CampaignInput } from './schema';

/** A candidate's CampaignDonation campaign with what it has raised (paid gifts only). */
export interface CampaignSummary {
  id: number;
  name: string;
  description: string | null;
  goalCents: number | null;
  raisedCents: number;
  gifts: number;
  createdAt: Date;
}

/** Twenty new campaigns an hour per candidate is far above real use and stops a runaway script. */
const CREATE_LIMIT = { name: 'campaign-create', limit: 20, windowSeconds: 3600 };

export async function createCampaign(db: Db, candidateId: number, input: CampaignInput): Promise<number> {
  await hitRateLimit(db, CREATE_LIMIT, String(candidateId));
  const row = await db
    .insertInto('campaigns')
    .values({
      candidate_id: candidateId,
      type: 'CampaignDonation',
      name: input.name,
      description: input.description,
      goal_cents: input.goal,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The candidate's open CampaignDonation campaigns, newest first. */
export async function listCampaigns(db: Db, candidateId: number): Promise<CampaignSummary[]> {
  const rows = await db
    .selectFrom('campaigns as c')
    .leftJoin('donations as d', (j) => j.onRef('d.campaign_id', '=', 'c.id').on(paidGift('d')))
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.goal_cents',
      'c.created_at',
      sql<string>`coalesce(sum(d.amount_cents), 0)`.as('raised'),
      sql<string>`count(d.id)`.as('gifts'),
    ])
    .where('c.candidate_id', '=', candidateId)
    .where('c.type', '=', 'CampaignDonation')
    .where('c.archived_at', 'is', null)
    .groupBy('c.id')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    goalCents: r.goal_cents,
    raisedCents: Number(r.raised),
    gifts: Number(r.gifts),
    createdAt: r.created_at,
  }));
}

/** Archives one of the candidate's own campaigns; another candidate's is "not found". */
export async function archiveCampaign(db: Db, candidateId: number, campaignId: number): Promise<void> {
  const result = await db
    .updateTable('campaigns')
    .set({ archived_at: sql`now()` })
    .where('id', '=', campaignId)
    .where('candidate_id', '=', candidateId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError('No such campaign.');
}

/** The share of the goal raised, 0–100, for the progress bar. */
export function percentOfGoal(raisedCents: number, goalCents: number | null): number {
  if (!goalCents) return 0;
  return Math.min(100, Math.floor((raisedCents / goalCents) * 100));
}
