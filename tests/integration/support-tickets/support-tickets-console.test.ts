import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { permissionsFor, STAFF_ROLES } from '../../../api/contract/permissions';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { listPath, rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { browserAt, emailsTo, fileRequest, supportApp, threadLinkIn } from '../../factories/support-tickets';
import type { TestApp, TestBrowser } from '../../factories/test-app';

/** The console's support queue (MANAGE_SUPPORT_TICKETS): who may read and answer, and what an answer does. */
let t: TestApp;
let support: TestBrowser;
let ticketId: number;
let reference: string;

beforeAll(async () => {
  t = await supportApp();
  support = await signedIn(t, STAFF_EMAIL.SUPPORT, DEMO_PASSWORD, { 'x-forwarded-for': '192.0.2.10' });
  const member = browserAt(t);
  await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD);
  const res = await fileRequest(member, {
    topic: 'return',
    subject: 'Return label never came',
    orderNumber: 'CHQ-DEMO0001',
  });
  reference = res.headers.get('location')!.split('/')[3]!.split('?')[0]!;
  const row = await t.db
    .selectFrom('support_tickets')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  ticketId = row.id;
});
afterAll(() => t.close());

describe('who may work the queue', () => {
  it('gives every role exactly what MANAGE_SUPPORT_TICKETS says, and nothing to members or visitors', async () => {
    const reply = { ticket_id: ticketId, kind: 'note', body: 'Checking who can write this note.' };
    for (const role of STAFF_ROLES) {
      const staff = await signedIn(t, STAFF_EMAIL[role], DEMO_PASSWORD, {
        'x-forwarded-for': `192.0.2.${20 + STAFF_ROLES.indexOf(role)}`,
      });
      const allowed = permissionsFor(role).includes('MANAGE_SUPPORT_TICKETS');
      const list = await rest(staff, 'GET', listPath('support-tickets'));
      const write = await rest(staff, 'POST', '/support-ticket-messages', reply);
      expect([role, list.status, write.status]).toEqual([role, allowed ? 200 : 403, allowed ? 201 : 403]);
    }
    const member = browserAt(t);
    await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD);
    expect((await rest(member, 'GET', listPath('support-tickets'))).status).toBe(403);
    expect((await rest(browserAt(t), 'GET', listPath('support-tickets'))).status).toBe(401);
    const notes = await t.db
      .selectFrom('support_ticket_messages')
      .select('author_id')
      .where('ticket_id', '=', ticketId)
      .where('kind', '=', 'note')
      .execute();
    expect(notes).toHaveLength(
      STAFF_ROLES.filter((r) => permissionsFor(r).includes('MANAGE_SUPPORT_TICKETS')).length,
    );
  });
});

describe('answering a request', () => {
  it('lists it open with its requester and attachment, filtered by status', async () => {
    const open = await rest(
      support,
      'GET',
      listPath('support-tickets', { filter: { status: 'open', q: reference } }),
    );
    expect(open.status).toBe(200);
    expect(open.json).toEqual([
      expect.objectContaining({
        reference,
        status: 'open',
        email: 'member@demo.campaignhq.test',
        order_number: 'CHQ-DEMO0001',
        assignee_id: null,
      }),
    ]);
    const resolved = await rest(
      support,
      'GET',
      listPath('support-tickets', { filter: { status: 'resolved' } }),
    );
    expect(resolved.json.map((r: { reference: string }) => r.reference)).not.toContain(reference);
    expect(resolved.json.length).toBeGreaterThan(0);
    for (const row of resolved.json) expect(row.status).toBe('resolved');
  });

  it('assigns it to the staff member who asks', async () => {
    const res = await rest(support, 'PUT', `/support-tickets/${ticketId}`, { assignee: 'me' });
    expect(res.status).toBe(200);
    const supportId = await userId(t, STAFF_EMAIL.SUPPORT);
    expect(res.json).toMatchObject({ assignee_id: supportId, assignee_name: expect.any(String) });
    const mine = await rest(
      support,
      'GET',
      listPath('support-tickets', { filter: { assignee_id: supportId } }),
    );
    expect(mine.json.map((r: { reference: string }) => r.reference)).toContain(reference);
    for (const row of mine.json) expect(row.assignee_id).toBe(supportId);
  });

  it('emails the reply with the thread link, notifies the member, and waits on them', async () => {
    const res = await rest(support, 'POST', '/support-ticket-messages', {
      ticket_id: ticketId,
      kind: 'staff',
      body: 'We have sent a new return label to your email.',
    });
    expect(res.status).toBe(201);
    const ticket = await rest(support, 'GET', `/support-tickets/${ticketId}`);
    expect(ticket.json.status).toBe('waiting_on_member');
    const mails = await emailsTo(t, 'member@demo.campaignhq.test');
    const reply = mails.at(-1)!;
    expect(reply.subject).toBe(`Re: Return label never came [${reference}]`);
    expect(reply.text_body).toContain('We have sent a new return label to your email.');
    expect(threadLinkIn(reply.text_body)).toContain(reference);
    expect(reply.text_body).not.toContain('Checking who can write this note.');
    const memberId = await userId(t, 'member@demo.campaignhq.test');
    const notice = await t.db
      .selectFrom('notifications')
      .select(['type', 'message', 'route'])
      .where('user_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toEqual({
      type: NOTIFICATION_TYPE.announcement,
      message: `Support answered your request ${reference}: Return label never came`,
      route: `/support/requests/${reference}`,
    });
  });

  it('resolves with a reply, and shows the thread with notes to staff', async () => {
    await rest(support, 'POST', '/support-ticket-messages', {
      ticket_id: ticketId,
      kind: 'staff',
      body: 'The label was delivered; closing this for now.',
      resolve: true,
    });
    expect((await rest(support, 'GET', `/support-tickets/${ticketId}`)).json.status).toBe('resolved');
    const thread = await rest(
      support,
      'GET',
      listPath('support-ticket-messages', { filter: { ticket_id: ticketId } }),
    );
    expect(thread.json.map((m: { kind: string }) => m.kind)).toContain('note');
    expect(thread.json[0]).toMatchObject({ kind: 'requester', ticket_id: ticketId });
  });

  it('refuses an empty reply or an unknown ticket with a 4xx, changing nothing', async () => {
    const empty = await rest(support, 'POST', '/support-ticket-messages', {
      ticket_id: ticketId,
      kind: 'staff',
      body: '',
    });
    expect(empty.status).toBe(400);
    const unknown = await rest(support, 'POST', '/support-ticket-messages', {
      ticket_id: 999_999,
      kind: 'staff',
      body: 'Nobody will ever read this reply.',
    });
    expect(unknown.status).toBe(404);
    const badStatus = await rest(support, 'PUT', `/support-tickets/${ticketId}`, { status: 'deleted' });
    expect(badStatus.status).toBe(400);
  });

  it('exports the filtered queue as CSV', async () => {
    const res = await support.request(`/api/admin/rest${listPath('support-tickets', { format: 'csv' })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = (await res.text()).trim().split(/\r?\n/);
    expect(header).toBe(
      'reference,created_at,last_message_at,status,topic,subject,email,requester_name,order_number,donation_reference,assignee_name,messages',
    );
    expect(rows.some((r) => r.startsWith(reference) && r.includes('Return label never came'))).toBe(true);
  });
});
