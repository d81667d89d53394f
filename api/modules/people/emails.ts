import type { EmailMessage } from '../../ports/email';

/** Emails of the settings page. Plain text, like the account emails. */
export function emailChangeLink(to: string, name: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Confirm your new email for Campaign HQ',
    text: `Hi ${name},\n\nYou asked to sign in to Campaign HQ with this email address from now on. Please confirm it by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. Until you open it, your account keeps its current address. If you did not ask for this, you can ignore this email.\n\nThe Campaign HQ team`,
  };
}

export function emailChangedNotice(to: string, name: string, newEmail: string): EmailMessage {
  return {
    to,
    subject: 'Your Campaign HQ email is about to change',
    text: `Hi ${name},\n\nSomeone signed in to your Campaign HQ account asked to change its email address to ${newEmail}. The change takes effect only when the link sent to that address is opened.\n\nIf this was not you, change your password now in Settings and contact us through the Help Center.\n\nThe Campaign HQ team`,
  };
}
