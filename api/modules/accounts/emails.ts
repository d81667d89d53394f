import type { EmailMessage } from '../../ports/email';

/** The account emails. Plain text first: it reads everywhere and survives every client. */
export function verificationEmail(to: string, name: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Confirm your email for Campaign HQ',
    text: `Hi ${name},\n\nWelcome to Campaign HQ. Please confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not create an account, you can ignore this email.\n\nThe Campaign HQ team`,
  };
}

export function existingAccountEmail(to: string, signInLink: string, resetLink: string): EmailMessage {
  return {
    to,
    subject: 'Someone tried to sign up with your email',
    text: `Hello,\n\nSomeone tried to create a Campaign HQ account with this email address, but you already have one.\n\nSign in: ${signInLink}\nForgot your password? ${resetLink}\n\nIf this wasn't you, no action is needed.\n\nThe Campaign HQ team`,
  };
}

export function passwordResetEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Reset your Campaign HQ password',
    text: `Hello,\n\nWe received a request to reset your Campaign HQ password. Choose a new one here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password stays the same.\n\nThe Campaign HQ team`,
  };
}
