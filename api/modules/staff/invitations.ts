import type { Db } from '../../../db/client';
import { generateToken, hashToken } from '../../auth/tokens';
import type { EmailMessage } from '../../ports/email';

/** An invitation stays usable for a week; a forgotten-password link only for an hour. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A set-your-password token for a new employee. It is a 'reset_password' token with a longer
 * life, so the existing /auth/reset-password page and accounts.resetPassword accept it, and
 * using it also verifies the address. Earlier unused reset links of the account stop working.
 */
export async function issueInvitationToken(db: Db, userId: number, email: string): Promise<string> {
  const token = generateToken();
  await db
    .updateTable('email_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'reset_password')
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      id: hashToken(token),
      user_id: userId,
      purpose: 'reset_password',
      email,
      expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
    })
    .execute();
  return token;
}

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/auth/reset-password?token=${token}`;
}

export function invitationEmail(
  to: string,
  invite: {
    firstName: string;
    role: string;
    title: string;
    invitedBy: string;
    link: string;
    consoleUrl: string;
  },
): EmailMessage {
  return {
    to,
    subject: 'You are invited to the Campaign HQ staff console',
    text: `Hi ${invite.firstName},\n\n${invite.invitedBy} has created a Campaign HQ staff account for you (${invite.title}, role ${invite.role}).\n\nChoose your password here:\n\n${invite.link}\n\nThe link works once and expires in 7 days. Then sign in with this email address and open the console at ${invite.consoleUrl}.\n\nIf you were not expecting this, you can ignore this email.\n\nThe Campaign HQ team`,
  };
}
