import type { SentMessageInfo, Transport } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DELIVERY_ATTEMPTS, smtpEmail } from '../../../api/ports/email/smtp';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The SMTP adapter as a transactional outbox: mail written inside a transaction leaves only after
 * the commit (deliverQueued), never for a rolled-back change, and exactly once. A nodemailer
 * transport that records instead of connecting stands in for the SMTP server.
 */
let handle: DbHandle;
const delivered: string[] = [];
let failNext = false;

const recordingTransport: Transport<SentMessageInfo> = {
  name: 'recording',
  version: '1',
  send(mail, done) {
    if (failNext) {
      failNext = false;
      done(new Error('421 try again later'), undefined as never);
      return;
    }
    delivered.push(String(mail.data.subject));
    done(null, { envelope: mail.message.getEnvelope(), messageId: `<${delivered.length}@test>` });
  },
};
const email = smtpEmail(recordingTransport, 'Campaign HQ <no-reply@campaignhq.test>');
const message = (subject: string) => ({ to: 'buyer@example.com', subject, text: 'Hello' });

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  delivered.length = 0;
  await handle.db.deleteFrom('email_outbox').execute();
});

const statuses = async () =>
  (await handle.db.selectFrom('email_outbox').select(['subject', 'status']).orderBy('id').execute()).map(
    (r) => `${r.subject}:${r.status}`,
  );

describe('SMTP email as a transactional outbox', () => {
  it('sends at once outside a transaction', async () => {
    await email.send(handle.db, message('now'));
    expect(delivered).toEqual(['now']);
    expect(await statuses()).toEqual(['now:sent']);
  });

  it('holds mail written in a transaction until deliverQueued, then sends it once', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await email.send(trx, message('order confirmed'));
      expect(delivered).toEqual([]);
    });
    expect(delivered).toEqual([]);
    expect(await statuses()).toEqual(['order confirmed:stored']);
    expect(await email.deliverQueued(handle.db)).toBe(1);
    expect(await email.deliverQueued(handle.db)).toBe(0);
    expect(delivered).toEqual(['order confirmed']);
    expect(await statuses()).toEqual(['order confirmed:sent']);
  });

  it('never sends the mail of a rolled-back transaction', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await email.send(trx, message('never'));
        throw new Error('payment failed to commit');
      }),
    ).rejects.toThrow('payment failed to commit');
    expect(await email.deliverQueued(handle.db)).toBe(0);
    expect(delivered).toEqual([]);
    expect(await statuses()).toEqual([]);
  });

  it('records a refused message as failed and goes on with the rest', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await email.send(trx, message('first'));
      await email.send(trx, message('second'));
    });
    failNext = true;
    expect(await email.deliverQueued(handle.db)).toBe(1);
    expect(delivered).toEqual(['second']);
    expect(await statuses()).toEqual(['first:failed', 'second:sent']);
  });

  it('never fails the caller: a refused message sent outside a transaction waits for a retry', async () => {
    failNext = true;
    await expect(email.send(handle.db, message('refused now'))).resolves.toBeUndefined();
    expect(await statuses()).toEqual(['refused now:failed']);
    expect(await email.deliverQueued(handle.db)).toBe(1);
    expect(delivered).toEqual(['refused now']);
    expect(await statuses()).toEqual(['refused now:sent']);
  });

  it('stops retrying a message after the attempt limit', async () => {
    await handle.db.transaction().execute((trx) => email.send(trx, message('hopeless')));
    await handle.db
      .updateTable('email_outbox')
      .set({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS })
      .execute();
    expect(await email.deliverQueued(handle.db)).toBe(0);
    expect(delivered).toEqual([]);
  });
});
