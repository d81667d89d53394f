import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../api/modules/events/hosting';
import { sendDueEventMessages } from '../../../api/modules/events/reminders';
import { signUp } from '../../../api/modules/events/signups';
import { outboxEmail } from '../../../api/ports/email/outbox';
import type { DbHandle } from '../../../db/client';
import { aGuest, aMember, anEvent, shiftIdsOf } from '../../factories/events';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A worker process killed with SIGKILL in the middle of sending confirmations (decision 0092): the
 * message it had handed over but not marked is not sent again by the run that follows, and every
 * sign-up ends with exactly one confirmation. Collected only with DATABASE_URL (two processes, one database).
 */
const SIGNUPS = 40;
const worker = fileURLToPath(new URL('./fixtures/event-messages-worker.ts', import.meta.url));
let database: DbHandle & { url?: string };
let child: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await database?.close();
});

function startWorker(hangAfter: number): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', HANG_AFTER: String(hangAfter) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('hanging')) resolve(started);
    };
    started.stdout?.on('data', collect);
    started.stderr?.on('data', collect);
    started.once('exit', (code) => reject(new Error(`worker exited ${code} before hanging:\n${output}`)));
  });
}

describe('a worker killed while sending confirmations', () => {
  it('leaves every sign-up with exactly one confirmation once another run finishes', async () => {
    const host = await aMember(database.db, 'candidate');
    const event = await createEvent(
      { db: database.db, email: outboxEmail(), appUrl: '' },
      host.id,
      host.id,
      anEvent({}, 25),
    );
    const [shiftId = 0] = await shiftIdsOf(database.db, event.id);
    const ids: number[] = [];
    for (let i = 0; i < SIGNUPS; i++)
      ids.push(
        (await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], i, 'kill'))).signupId,
      );

    child = await startWorker(17);
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    const before = await database.db
      .selectFrom('event_signups')
      .select('id')
      .where('event_id', '=', event.id)
      .where('confirmation_sent_at', 'is', null)
      .execute();
    // The 17th was handed over and never marked: the next run must not send it again.
    expect(before.length).toBe(SIGNUPS - 16);

    await sendDueEventMessages(
      {
        db: database.db,
        email: outboxEmail(),
        links: { appUrl: 'http://127.0.0.1:9', appSecret: 'event-messages-kill-test-secret-0123456789' },
      },
      new Date(),
    );
    const rows = await database.db
      .selectFrom('email_outbox')
      .select('idempotency_key')
      .where('idempotency_key', 'like', 'event-signup:%:confirmation')
      .execute();
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.idempotency_key ?? '', (counts.get(r.idempotency_key ?? '') ?? 0) + 1);
    for (const id of ids) expect(counts.get(`event-signup:${id}:confirmation`), `sign-up ${id}`).toBe(1);
    const unmarked = await database.db
      .selectFrom('event_signups')
      .select('id')
      .where('event_id', '=', event.id)
      .where('confirmation_sent_at', 'is', null)
      .execute();
    expect(unmarked).toEqual([]);
  }, 90_000);
});
