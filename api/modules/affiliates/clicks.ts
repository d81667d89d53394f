import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import { utcDay } from '../../contract/day-ranges';
import { RateLimitedError } from '../errors';
import { hitRateLimit, type RateLimitRule } from '../rate-limits/service';
import { normalizeCode } from './join';

/** Clicks one address may add a minute, across all links: more is a script, and is not counted. */
export const CLICKS_PER_ADDRESS: RateLimitRule = { name: 'affiliate-click', limit: 30, windowSeconds: 60 };

/** Crawlers and link previews say who they are; they never count as a click. */
const BOT_AGENT = /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|curl|wget|python|http-client/i;

export interface ReferralVisit {
  rawCode: string;
  ip: string;
  userAgent: string;
  userId: number | null;
  appSecret: string;
  now?: Date;
}

/**
 * A visit through `?ref=CODE`: counts the click and answers the token the first-party cookie
 * keeps (the click row holds the first touch time), or null when nothing is counted: no such
 * code, the affiliate's own visit, a bot, or an address over the rate limit. A visitor (hashed
 * address + user agent) counts once per affiliate per UTC day and gets that same click's token.
 */
export async function recordReferralVisit(db: Db, visit: ReferralVisit): Promise<string | null> {
  const code = normalizeCode(visit.rawCode);
  if (!code || BOT_AGENT.test(visit.userAgent) || visit.userAgent.trim() === '') return null;
  const affiliate = await db
    .selectFrom('affiliates')
    .select(['id', 'user_id'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!affiliate || affiliate.user_id === visit.userId) return null;
  try {
    await hitRateLimit(db, CLICKS_PER_ADDRESS, visit.ip);
  } catch (error) {
    if (error instanceof RateLimitedError) return null;
    throw error;
  }
  const now = visit.now ?? new Date();
  const visitorHash = createHmac('sha256', visit.appSecret)
    .update(`affiliate-visitor:${visit.ip}:${visit.userAgent}`)
    .digest('hex');
  const day = utcDay(now);
  const inserted = await db
    .insertInto('affiliate_clicks')
    .values({
      affiliate_id: affiliate.id,
      token: randomBytes(18).toString('base64url'),
      visitor_hash: visitorHash,
      day,
      created_at: now,
    })
    .onConflict((oc) => oc.constraint('affiliate_clicks_once_a_day').doNothing())
    .returning('token')
    .executeTakeFirst();
  if (inserted) return inserted.token;
  const earlier = await db
    .selectFrom('affiliate_clicks')
    .select('token')
    .where('affiliate_id', '=', affiliate.id)
    .where('visitor_hash', '=', visitorHash)
    .where('day', '=', day)
    .executeTakeFirst();
  return earlier?.token ?? null;
}
