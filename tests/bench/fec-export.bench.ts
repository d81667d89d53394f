/**
 * The FEC report export at scale (`npm run bench -- fec-export`; needs DATABASE_URL, PostgreSQL:
 * it creates its own database there and drops it at the end). docs/decisions/0090-fec-reports.md.
 *
 * Seeds a cycle of BENCH_GIFTS contributions (default 100,000; tests/factories/fec-cycle.ts: guests
 * and members, both elections, refunds, renewals, answered and unanswered follow-ups), then
 * streams one `.fec` file covering the whole cycle (a custom range from January 1, 2025 to the
 * post-general report's close), line by line as the download does, sampling the heap every 1,000
 * lines. Goal (issue 46): under 10 s, with flat memory (the heap's peak over its baseline stays
 * under 64 MB, far less than the file). A second, untimed pass runs every record through the
 * field-rule checker.
 * The process fails when the goal is missed or a record is refused.
 */
import { fecReportLines } from '../../api/modules/fec-reports/fec-file';
import { checkRecord } from '../../api/modules/fec-reports/fec-records';
import { reportRequest } from '../../api/modules/fec-reports/report-request-builder';
import { reportQuery } from '../../api/modules/fec-reports/report-schema';
import { seedFecCycle } from '../factories/fec-cycle';
import { createTestDatabase } from '../factories/test-db';

const GIFTS = Number(process.env.BENCH_GIFTS ?? 100_000);
const GOAL_MS = 10_000;
const FLAT_BYTES = 64 * 1024 * 1024;

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server: this benchmark creates its own database there.');
  process.exit(1);
}

const handle = await createTestDatabase();
let failed = false;
try {
  let started = performance.now();
  const { candidateId } = await seedFecCycle(handle.db, GIFTS, { keepGifts: false });
  console.log(
    `Seeded ${GIFTS.toLocaleString('en-US')} gifts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const req = await reportRequest(
    handle.db,
    candidateId,
    reportQuery.parse({ report: 'custom', from: '2025-01-01', to: '2026-11-23' }),
    new Date('2026-11-24T15:00:00Z'),
  );
  globalThis.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let lines = 0;
  let bytes = 0;
  let refused = 0;
  const kinds = new Map<string, number>();
  started = performance.now();
  for await (const line of fecReportLines(handle.db, req)) {
    lines++;
    bytes += line.length;
    const kind = line.slice(0, line.indexOf('\u001c'));
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (lines % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const ms = performance.now() - started;
  const growth = peak - baseline;
  // A second pass, untimed, runs every record through the field-rule checker.
  for await (const line of fecReportLines(handle.db, req)) if (checkRecord(line).length > 0) refused++;
  console.log(
    `Streamed ${lines.toLocaleString('en-US')} records (${(bytes / 1e6).toFixed(1)} MB) in ${(ms / 1000).toFixed(2)} s`,
  );
  console.log(`  ${[...kinds].map(([k, n]) => `${k} ${n.toLocaleString('en-US')}`).join(', ')}`);
  console.log(
    `  heap: baseline ${(baseline / 1e6).toFixed(1)} MB, peak growth ${(growth / 1e6).toFixed(1)} MB`,
  );
  console.log(`  records refused by the field rules: ${refused}`);
  if (ms > GOAL_MS) {
    console.error(`MISS: ${(ms / 1000).toFixed(2)} s is over the ${GOAL_MS / 1000} s goal`);
    failed = true;
  }
  if (growth > FLAT_BYTES) {
    console.error(`MISS: the heap grew ${(growth / 1e6).toFixed(1)} MB while streaming`);
    failed = true;
  }
  if (refused > 0) failed = true;
} finally {
  await handle.close();
}
process.exit(failed ? 1 : 0);
