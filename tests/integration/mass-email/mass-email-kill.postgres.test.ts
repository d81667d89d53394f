import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueSend } from '../../../api/modules/mass-email/sends';
import { appMassEmailAudiences, CAMPAIGN_DONORS } from '../../../api/modules/mass-email-audiences';
import { type JobsPort, worstResumeSeconds } from '../../../api/ports/queue';
import type { DbHandle } from '../../../db/client';
import { makeAccount } from '../../factories/accounts';
import { campaignWithDonors } from '../../factories/mass-email';
import { testJobs, waitUntil } from '../../factories/queue';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A mass email send whose process is killed with SIGKILL mid-send (docs/decisions/0072-crashes-mass-email-resumes-and-port-stays-open.md):
 * another process takes it over within the bound the queue's settings give, every recipient gets
 * exactly one message, and a send queued after the kill is not held behind the dead run. The
 * figures are the production ones shrunk (api/doors/queue-handlers/mass-email.test.ts checks those). Collected
 * only with DATABASE_URL: the worker processes share one PostgreSQL database.
 */
const FIGURES = { MESSAGE_MS: 20, SLICE_MS: 1_000, EXPIRE_SECONDS: 6, RETRY_SECONDS: 1 };
const RECIPIENTS = 150;
const worker = fileURLToPath(new URL('./fixtures/mass-email-worker.ts', import.meta.url));

let database: DbHandle & { url?: string };
let jobs: JobsPort;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = testJobs(database);
  await jobs.start();
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await jobs?.stop({ timeoutMs: 1_000 });
  await database?.close();
});

/**
 * A worker process; resolves once it prints `until` ('working': it takes jobs; 'ready': loaded
 * and connected, it takes jobs once sent a message; 'hanging': it handed over the message to
 * `hangAfter` and stopped there, mid-batch).
 */
async function startWorker(until: 'working' | 'ready' | 'hanging', hangAfter = ''): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      WAIT_FOR_GO: until === 'ready' ? '1' : '0',
      HANG_AFTER: hangAfter,
      ...Object.fromEntries(Object.entries(FIGURES).map(([k, v]) => [k, String(v)])),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(until)) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`worker exited ${code} before working:\n${output}`)));
  });
  return child;
}

async function send(emails: string[]) {
  const actor = await makeAccount(database.db, `sender-${emails.length}-${Date.now()}`);
  const campaign = await campaignWithDonors(database.db, emails);
  const row = await queueSend(
    { db: database.db, jobs, audiences: appMassEmailAudiences() },
    { kind: CAMPAIGN_DONORS, params: { campaignId: campaign.id } },
    { subject: 'Polls open at 7, {{firstName}}', body: 'Vote today.', fromName: 'Campaign HQ' },
    { id: actor.id, ip: '192.0.2.1', permissions: [] },
  );
  return row.id;
}

/** Messages in the outbox for a send, one row per message. */
async function messages(sendId: number) {
  return database.db
    .selectFrom('email_outbox')
    .select('to_address')
    .where('idempotency_key', 'like', `mass-email:${sendId}:%`)
    .execute();
}

async function status(sendId: number) {
  const row = await database.db
    .selectFrom('mass_email_sends')
    .select('status')
    .where('id', '=', sendId)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('a mass email send killed mid-send', () => {
  it('resumes in another process within the bound, mails each address once and holds no later send back', async () => {
    const bound = worstResumeSeconds({
      expireInSeconds: FIGURES.EXPIRE_SECONDS,
      maintenanceIntervalSeconds: 1,
      retryDelaySeconds: FIGURES.RETRY_SECONDS,
      retryBackoff: true,
      pollingIntervalSeconds: 0.5,
    });
    const voters = Array.from({ length: RECIPIENTS }, (_, i) => `voter${i}@kill.test`);
    const gotv = await send(voters);

    // Started first so that its start-up time does not decide what the test sees.
    const second = await startWorker('ready');
    const first = await startWorker('hanging', voters[42]);
    const atKill = await messages(gotv);
    first.kill('SIGKILL');
    const killedAt = Date.now();
    expect(atKill.length).toBeLessThan(RECIPIENTS);
    // What the killed process had in flight has landed or never will.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const leftByKill = (await messages(gotv)).length;

    second.send('go');
    const takenOverAt = Date.now();
    // A send queued now is worked at once, not after the dead run's expiry.
    const later = await send(['ann@later.test', 'bob@later.test', 'cy@later.test']);
    await waitUntil(
      () => status(later),
      (s) => s === 'sent',
      (bound + 10) * 1000,
    );
    const laterDoneAt = Date.now();

    const resumed = await waitUntil(
      () => messages(gotv),
      (rows) => rows.length > leftByKill,
      (bound + 10) * 1000,
    );
    const resumedAt = Date.now();
    expect(resumed.length).toBeGreaterThan(leftByKill);
    expect(laterDoneAt, 'the later send waited for the dead run').toBeLessThan(resumedAt);
    const waited = resumedAt - Math.max(killedAt, takenOverAt);
    expect(waited, `resumed ${waited} ms after the kill, bound ${bound} s`).toBeLessThan(
      bound * 1000 + 2_000,
    );

    await waitUntil(
      () => status(gotv),
      (s) => s === 'sent',
      30_000,
    );
    const copies = new Map<string, number>();
    for (const { to_address } of await messages(gotv))
      copies.set(to_address, (copies.get(to_address) ?? 0) + 1);
    expect(copies.size).toBe(RECIPIENTS);
    expect([...copies.values()].filter((n) => n !== 1)).toEqual([]);
    const recipients = await database.db
      .selectFrom('mass_email_recipients')
      .select('status')
      .where('send_id', '=', gotv)
      .execute();
    expect(recipients.filter((r) => r.status !== 'sent')).toEqual([]);
    console.info(
      `mass email kill: ${leftByKill} sent before the kill, resumed ${waited} ms after it (bound ${bound} s), later send done ${laterDoneAt - takenOverAt} ms after the takeover`,
    );
  }, 120_000);
});
