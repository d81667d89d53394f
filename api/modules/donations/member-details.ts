import type { Db } from '../../../db/client';
import { receivedGift } from './paid-gifts';

/**
 * What a signed-in member's earlier gifts told us, so the form does not ask again (WCAG 2.2 SC
 * 3.3.7 Redundant Entry; docs/decisions/0077-refunds-the-candidate-sees.md). Only gifts the member
 * made signed in (donations.user_id), never a guest gift that merely shares their email or name and
 * ZIP: anyone can type someone's email, and that stranger's address must not appear on the form.
 * The latest gift to any candidate wins; employer and occupation come from the latest gift that gave them.
 */
export interface MemberGiftDetails {
  street: string;
  city: string;
  state: string;
  zip: string;
  employer: string | null;
  occupation: string | null;
}

export async function memberGiftDetails(db: Db, userId: number): Promise<MemberGiftDetails | null> {
  const mine = db.selectFrom('donations').where('user_id', '=', userId).where(receivedGift('donations'));
  const [latest, work] = await Promise.all([
    mine
      .select(['street', 'city', 'state', 'zip'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    mine
      .select(['employer', 'occupation'])
      .where('employer', 'is not', null)
      .where('occupation', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!latest) return null;
  return { ...latest, employer: work?.employer ?? null, occupation: work?.occupation ?? null };
}
