import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import { pendingMigrations } from '../../../db/migrate';
import type { CheckResult } from '../../contract/health-checks';
import type { EmailPort } from '../../ports/email';
import type { PaymentsPort } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';
import type { RealtimePort } from '../../ports/realtime';
import { recordAudit } from '../audit/service';
import type { StaffActor } from '../staff/employees';

export interface HealthCheckDeps {
  db: Db;
  email: EmailPort;
  payments: PaymentsPort;
  realtime: RealtimePort;
  jobs: JobsPort;
}

const PAYMENT_PROVIDERS = { test: 'Local test gateway', stripe: 'Stripe' } as const;

type Check = { name: string; run: (deps: HealthCheckDeps) => Promise<Omit<CheckResult, 'name' | 'ms'>> };

export const CHECKS: readonly Check[] = [
  {
    name: 'database',
    run: async ({ db }) => {
      const row = await sql<{ version: string }>`SELECT version() AS version`.execute(db);
      return {
        status: 'pass',
        message: `Answering: ${row.rows[0]?.version.split(' on ')[0] ?? 'PostgreSQL'}`,
      };
    },
  },
  {
    name: 'migrations',
    run: async ({ db }) => {
      const pending = await pendingMigrations(db);
      return pending.length === 0
        ? { status: 'pass', message: 'All migrations are applied.' }
        : { status: 'fail', message: `Pending: ${pending.join(', ')}` };
    },
  },
  {
    name: 'email',
    run: async ({ db, email }) => {
      const row = await db
        .selectFrom('email_outbox')
        .select(sql<number>`count(*)::int`.as('failed'))
        .where('status', '=', 'failed')
        .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirstOrThrow();
      const failed = Number(row.failed);
      if (failed > 0) return { status: 'fail', message: `${failed} deliveries failed in the last 24 hours.` };
      return email.transport === 'smtp'
        ? { status: 'pass', message: 'SMTP: no failed deliveries in the last 24 hours.' }
        : { status: 'pass', message: 'Outbox: messages are stored in the database (no SMTP_URL set).' };
    },
  },
  {
    name: 'payments',
    run: async ({ db, payments }) => {
      const provider = PAYMENT_PROVIDERS[payments.provider];
      // The webhook door must refuse an unsigned event: a gateway that accepted one would let
      // anyone mark an order or a donation paid.
      if (
        payments.verifyWebhook('{"id":"evt_health_check","type":"payment.succeeded"}', new Headers()) !== null
      )
        return { status: 'fail', message: `${provider}: an unsigned webhook was accepted.` };
      const last = await db
        .selectFrom('payment_events')
        .select(sql<Date | null>`max(created_at)`.as('at'))
        .executeTakeFirst();
      const lastEvent = last?.at ? new Date(last.at).toISOString() : 'none yet';
      return {
        status: 'pass',
        message: `${provider}: unsigned webhooks refused; last payment event: ${lastEvent}.`,
      };
    },
  },
  {
    name: 'realtime',
    run: async ({ realtime }) => {
      // User 0 never exists: the probe reaches no browser, but an Ably key or network fault throws.
      await realtime.publish(0, 'notification', { probe: 'health-check' });
      return {
        status: 'pass',
        message:
          realtime.kind === 'ably'
            ? 'Ably: a probe event was published.'
            : 'Local realtime: server-sent events from this process (no ABLY_API_KEY set).',
      };
    },
  },
  {
    name: 'jobs',
    run: async ({ jobs }) => {
      const [failed, schedules] = await Promise.all([
        jobs.listJobs({ states: ['failed'], offset: 0, limit: 1 }),
        jobs.schedules(),
      ]);
      if (failed.total > 0)
        return {
          status: 'fail',
          message: `${failed.total} background job${failed.total === 1 ? '' : 's'} failed after their retries.`,
        };
      return {
        status: 'pass',
        message: `Background jobs: none failed; ${schedules.length} schedules (${schedules.map((s) => s.queue).join(', ')}).`,
      };
    },
  },
];

async function runOne(check: Check, deps: HealthCheckDeps): Promise<CheckResult> {
  const started = performance.now();
  try {
    const result = await check.run(deps);
    return { name: check.name, ...result, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { name: check.name, status: 'fail', message, ms: Math.round(performance.now() - started) };
  }
}

export function overallStatus(results: readonly CheckResult[]): 'pass' | 'fail' | 'partial' {
  if (results.some((r) => r.status === 'fail')) return 'fail';
  return results.some((r) => r.status === 'skipped') ? 'partial' : 'pass';
}

/** Runs every check, keeps the run in the history and audits who ran it. */
export async function runHealthChecks(deps: HealthCheckDeps, actor: StaffActor): Promise<{ id: number }> {
  const started = performance.now();
  const results: CheckResult[] = [];
  for (const check of CHECKS) results.push(await runOne(check, deps));
  const status = overallStatus(results);
  return deps.db.transaction().execute(async (trx) => {
    const run = await trx
      .insertInto('health_check_runs')
      .values({
        started_by: actor.id,
        status,
        results: jsonb(results),
        duration_ms: Math.round(performance.now() - started),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'health_checks.run',
      targetType: 'health_check_run',
      targetId: run.id,
      after: { status },
      ip: actor.ip,
    });
    return run;
  });
}
