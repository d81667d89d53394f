import { openDatabase } from '../../../db/client';
import { migrateToLatest } from '../../../db/migrate';
import { daysBetween, lastDays } from '../../contract/day-ranges';
import { rebuildRollups } from '../../modules/analytics/reports/rollup';
import { loadConfig } from '../../platform/config';

/**
 * Rebuilds the analytics screen's daily rollups for a range of UTC days, e.g. after a backfill
 * of raw events or a fix to the rollup rules (the maintenance job only redoes today and yesterday):
 *   tsx api/doors/commands/rebuild-analytics-rollups.ts 2026-10-01 2026-10-31
 *   tsx api/doors/commands/rebuild-analytics-rollups.ts            (the last 30 days)
 * Uses the same configuration as the server (DATABASE_URL or the PGlite DATA_DIR).
 */
const USAGE =
  'Usage: tsx api/doors/commands/rebuild-analytics-rollups.ts [FROM TO]   (YYYY-MM-DD, UTC; default: last 30 days)';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h') || (args.length !== 0 && args.length !== 2)) {
    console.log(USAGE);
    process.exitCode = args.length === 0 || args.includes('--help') || args.includes('-h') ? 0 : 1;
    return;
  }
  const { from, to } = args.length === 2 ? { from: args[0]!, to: args[1]! } : lastDays();
  if (daysBetween(from, to).length === 0) throw new Error(`${from} is after ${to}\n${USAGE}`);
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const started = performance.now();
    const days = await rebuildRollups(handle.db, from, to);
    console.log(
      `Rebuilt ${days} days of analytics rollups (${from} to ${to}) in ${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
