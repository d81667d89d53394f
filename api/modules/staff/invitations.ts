import type { Db } from '../../../db/client';
import type { EmailMessage } from '../../ports/email';
import { issueEmailToken } from '../accounts/email-tokens';

/** An invitation stays usable for a week; a forgotten-password link only for an hour. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A set-your-password token for a new employee. It is a 'reset_password' token with a longer
 * life, so the existing /auth/reset-password page and accounts.resetPassword accept it, and
 * using it also verifies the address. Earlier unused reset links of the account stop working.
 */
export function issueInvitationToken(db: Db, userId: number, email: string): Promise<string> {
  return issueEmailToken(db, userId, 'reset_password', email, INVITATION_LIFETIME_MS);
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
