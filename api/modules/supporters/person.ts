import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/client';
import { receivedGift } from '../donations/paid-gifts';
import { connectedSupporter } from './connected';
import { notesOfSupporter } from './notes';
import { tagsOfSupporter } from './tags';

/**
 * A person's page for the campaign (docs/decisions/0100-supporters.md): what they gave (refunds
 * included), their monthly gifts, the campaign's events they signed up for, the campaign's emails
 * they received, tags and notes. Contact details are only those the person gave this campaign (on a
 * gift or a sign-up); a member who only follows shows their public name and nothing else.
 */

type Supporter = Awaited<ReturnType<typeof connectedSupporter>>;

/** The person's rows of a source: by account for a member, by email among guest rows otherwise. */
function samePerson(s: Supporter, userColumn: string, emailColumn: string): Expression<SqlBool> {
  return s.user_id !== null
    ? sql<SqlBool>`${sql.ref(userColumn)} = ${s.user_id}`
    : sql<SqlBool>`${sql.ref(userColumn)} IS NULL AND lower(trim(${sql.ref(emailColumn)})) = ${s.email_key}`;
}

function giftsOf(db: Db, s: Supporter) {
  return db
    .selectFrom('donations as d')
    .leftJoin('campaigns as k', 'k.id', 'd.campaign_id')
    .select([
      'd.reference',
      'd.amount_cents',
      'd.status',
      'd.paid_at',
      'd.refunded_at',
      'd.refund_reason',
      'd.recurring_id',
      'k.name as campaign',
      // The address and work given on the gift: the newest gift's are the person's contact details.
      'd.street',
      'd.city',
      'd.state',
      'd.zip',
      'd.employer',
      'd.occupation',
    ])
    .where('d.candidate_id', '=', s.owner_id)
    .where(samePerson(s, 'd.user_id', 'd.email'))
    .where(receivedGift('d'))
    .orderBy('d.paid_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(200)
    .execute();
}

function monthlyOf(db: Db, s: Supporter) {
  return db
    .selectFrom('recurring_donations as r')
    .innerJoin('donors as dn', 'dn.id', 'r.donor_id')
    .select(['r.reference', 'r.amount_cents', 'r.status', 'r.created_at', 'r.ended_at'])
    .where('r.candidate_id', '=', s.owner_id)
    .where(samePerson(s, 'dn.user_id', 'r.email'))
    .where('r.status', '!=', 'pending')
    .orderBy('r.created_at', 'desc')
    .execute();
}

function eventsOf(db: Db, s: Supporter) {
  return db
    .selectFrom('event_signups as g')
    .innerJoin('events as e', 'e.id', 'g.event_id')
    .select(['e.id', 'e.title', 'e.starts_at', 'e.status', 'g.created_at as signed_up_at', 'g.phone'])
    .where('e.host_id', '=', s.owner_id)
    .where(samePerson(s, 'g.user_id', 'g.email'))
    .orderBy('e.starts_at', 'desc')
    .execute();
}

/** The campaign's own emails that reached this person's address (the one it knows them by). */
async function emailsOf(db: Db, s: Supporter) {
  let address = s.email ?? s.email_key;
  if (!address && s.user_id !== null) {
    // A follower's emails went to their account's address; it is used to look, never shown.
    const user = await db.selectFrom('users').select('email').where('id', '=', s.user_id).executeTakeFirst();
    address = user?.email.toLowerCase() ?? null;
  }
  if (!address) return [];
  return db
    .selectFrom('mass_email_recipients as r')
    .innerJoin('mass_email_sends as m', 'm.id', 'r.send_id')
    .select(['m.id', 'm.subject', 'm.audience_label', 'r.sent_at'])
    .where('r.email', '=', address)
    .where('m.created_by', '=', s.owner_id)
    .where('r.status', '=', 'sent')
    .orderBy('r.sent_at', 'desc')
    .limit(100)
    .execute();
}

export async function supporterRecord(db: Db, ownerId: number, supporterId: number) {
  const supporter = await connectedSupporter(db, ownerId, supporterId);
  const [gifts, monthly, events, emails, tags, notes] = await Promise.all([
    giftsOf(db, supporter),
    monthlyOf(db, supporter),
    eventsOf(db, supporter),
    emailsOf(db, supporter),
    tagsOfSupporter(db, supporter.id),
    notesOfSupporter(db, supporter.id),
  ]);
  const phone = events.find((e) => e.phone)?.phone ?? null;
  const newest = gifts[0];
  const address = newest
    ? {
        street: newest.street,
        city: newest.city,
        state: newest.state,
        zip: newest.zip,
        employer: newest.employer,
        occupation: newest.occupation,
      }
    : null;
  return { supporter, gifts, monthly, events, emails, address, phone, tags, notes };
}
export type SupporterRecord = Awaited<ReturnType<typeof supporterRecord>>;
