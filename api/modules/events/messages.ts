import type { EmailMessage } from '../../ports/email';
import type { EventCard } from './search';
import { signupPath, signupToken } from './signup-links';
import type { SignupView } from './signups';
import { zonedText } from './zoned-time';

/**
 * The emails a sign-up gets (decision 0092): confirmation, a waitlisted place moving up, the
 * reminders 24 hours and 2 hours before a shift, and the thank-you with three events nearby. Times
 * are in the event's time zone; the virtual link goes only with a confirmed place. Every one
 * carries the signed link that shows the sign-up and cancels it.
 */

export interface MessageLinks {
  appUrl: string;
  appSecret: string;
}

const STATUS = { confirmed: 'confirmed', waitlisted: 'on the waitlist', cancelled: 'cancelled' } as const;

function shiftLine(s: SignupView['shifts'][number], timeZone: string) {
  return `- ${zonedText(s.startsAt, timeZone)} to ${zonedText(s.endsAt, timeZone, false)}: ${STATUS[s.status]}`;
}

function footer(signup: SignupView, links: MessageLinks) {
  return `\nSee your sign-up or cancel: ${links.appUrl}${signupPath(signupToken(links.appSecret, signup.id))}\nThe event: ${links.appUrl}/events/${signup.eventId}\n`;
}

function where(signup: SignupView, confirmed: boolean) {
  const online = confirmed && signup.virtualUrl ? `\nJoin online: ${signup.virtualUrl}` : '';
  return `Where: ${signup.address}${online}`;
}

const hasConfirmed = (signup: SignupView) => signup.shifts.some((s) => s.status === 'confirmed');

export function confirmationEmail(to: string, signup: SignupView, links: MessageLinks): EmailMessage {
  const active = signup.shifts.filter((s) => s.status !== 'cancelled');
  const waitlisted = active.some((s) => s.status === 'waitlisted');
  return {
    to,
    subject: `You're signed up: ${signup.title}`,
    text: [
      `Hi ${signup.name},`,
      '',
      `Thank you for signing up for ${signup.title}.`,
      '',
      ...active.map((s) => shiftLine(s, signup.timeZone)),
      '',
      where(signup, hasConfirmed(signup)),
      waitlisted ? '\nIf a place opens on a shift you are waitlisted for, we will email you.' : '',
      footer(signup, links),
    ].join('\n'),
  };
}

export function promotionEmail(
  to: string,
  signup: SignupView,
  shift: SignupView['shifts'][number],
  links: MessageLinks,
): EmailMessage {
  return {
    to,
    subject: `A place opened up: ${signup.title}`,
    text: [
      `Hi ${signup.name},`,
      '',
      `Good news: a place opened up and you moved up from the waitlist. You're confirmed for ${signup.title}:`,
      shiftLine(shift, signup.timeZone),
      '',
      where(signup, true),
      footer(signup, links),
    ].join('\n'),
  };
}

export function reminderEmail(
  to: string,
  signup: SignupView,
  shift: SignupView['shifts'][number],
  when: 'day' | 'hours',
  links: MessageLinks,
): EmailMessage {
  const at = zonedText(shift.startsAt, signup.timeZone);
  return {
    to,
    subject: when === 'day' ? `Reminder: ${signup.title}, ${at}` : `Starting soon: ${signup.title}`,
    text: [
      `Hi ${signup.name},`,
      '',
      `${when === 'day' ? 'Your shift is coming up' : 'Your shift starts within 2 hours'}: ${at}.`,
      '',
      where(signup, true),
      footer(signup, links),
    ].join('\n'),
  };
}

export function thankYouEmail(
  to: string,
  signup: SignupView,
  nearby: EventCard[],
  links: MessageLinks,
): EmailMessage {
  const next =
    nearby.length === 0
      ? [`Find the next one: ${links.appUrl}/events`]
      : [
          'Next events near you:',
          ...nearby.map(
            (e) => `- ${e.title}, ${zonedText(e.startsAt, e.timeZone)}: ${links.appUrl}/events/${e.id}`,
          ),
        ];
  return {
    to,
    subject: `Thank you for joining ${signup.title}`,
    text: [`Hi ${signup.name},`, '', `Thank you for volunteering at ${signup.title}.`, '', ...next, ''].join(
      '\n',
    ),
  };
}
