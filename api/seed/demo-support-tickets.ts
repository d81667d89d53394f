import type { Db } from '../../db/client';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';

/**
 * A few support requests so the console's Support tickets screen and the demo member's
 * "Your requests" show something on a fresh start (docs/decisions/0029-help-center-and-support-tickets.md). Fixed references make
 * reruns insert nothing.
 */
interface DemoTicket {
  reference: string;
  /** Demo account local part (a member's request), or a visitor's email. */
  requester: string;
  topic: string;
  subject: string;
  orderNumber: string | null;
  status: 'open' | 'waiting_on_member' | 'resolved';
  thread: { kind: 'requester' | 'staff' | 'note'; body: string }[];
}

const DEMO_TICKETS: readonly DemoTicket[] = [
  {
    reference: 'HLP-DEMOTKT2',
    requester: 'member',
    topic: 'order',
    subject: 'Yard sign arrived bent',
    orderNumber: 'CHQ-DEMO0001',
    status: 'waiting_on_member',
    thread: [
      {
        kind: 'requester',
        body: 'One of the two yard signs in my order arrived bent in the middle. Can you replace it?',
      },
      { kind: 'note', body: 'Carrier damage; replacement approved, no return needed.' },
      {
        kind: 'staff',
        body: 'Sorry about that! We are sending a replacement sign at no cost. Could you confirm the shipping address is still current?',
      },
    ],
  },
  {
    reference: 'HLP-DEMOTKT3',
    requester: 'volunteer.lee@example.org',
    topic: 'return',
    subject: 'Return label for a hoodie',
    orderNumber: 'CHQ-DEMO0004',
    status: 'open',
    thread: [
      {
        kind: 'requester',
        body: 'I asked for a return last week but have not received the return label yet.',
      },
    ],
  },
  {
    reference: 'HLP-DEMOTKT4',
    requester: 'precinct.captain@example.org',
    topic: 'account',
    subject: 'Verification email never arrived',
    orderNumber: null,
    status: 'resolved',
    thread: [
      {
        kind: 'requester',
        body: 'I signed up yesterday and the verification email never came, even in spam.',
      },
      {
        kind: 'staff',
        body: 'We resent it and it was delivered at 10:02. Let us know if anything else comes up.',
      },
    ],
  },
];

export async function seedDemoSupportTickets(db: Db): Promise<number> {
  let inserted = 0;
  for (const demo of DEMO_TICKETS) {
    const exists = await db
      .selectFrom('support_tickets')
      .select('id')
      .where('reference', '=', demo.reference)
      .executeTakeFirst();
    if (exists) continue;
    const email = demo.requester.includes('@') ? demo.requester : `${demo.requester}@${DEMO_EMAIL_DOMAIN}`;
    const member = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const support = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `support@${DEMO_EMAIL_DOMAIN}`)
      .executeTakeFirst();
    const ticket = await db
      .insertInto('support_tickets')
      .values({
        reference: demo.reference,
        user_id: member?.id ?? null,
        email,
        topic: demo.topic,
        subject: demo.subject,
        order_number: demo.orderNumber,
        status: demo.status,
        assignee_id: demo.status === 'open' ? null : (support?.id ?? null),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('support_ticket_messages')
      .values(
        demo.thread.map((m) => ({
          ticket_id: ticket.id,
          kind: m.kind,
          author_id: m.kind === 'requester' ? (member?.id ?? null) : (support?.id ?? null),
          body: m.body,
        })),
      )
      .execute();
    inserted += 1;
  }
  return inserted;
}
