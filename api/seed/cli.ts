import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { loadConfig } from '../platform/config';
import { DEFAULT_MEMBER_COUNT, seedDatabase } from './seed';

const USAGE = 'Usage: npm run seed -- [--users N]   (N generated members, default 300)';

function parseArgs(argv: readonly string[]): { members: number } {
  let members = DEFAULT_MEMBER_COUNT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const inline = arg.startsWith('--users=') ? arg.slice('--users='.length) : undefined;
    if (arg !== '--users' && inline === undefined) throw new Error(`Unknown argument ${arg}\n${USAGE}`);
    const raw = inline ?? argv[++i];
    if (raw === undefined || !/^\d+$/.test(raw.replace(/_/g, ''))) {
      throw new Error(`--users needs a whole number, got ${raw ?? 'nothing'}\n${USAGE}`);
    }
    members = Number(raw.replace(/_/g, ''));
  }
  return { members };
}

async function main(): Promise<void> {
  const { members } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const s = await seedDatabase(handle.db, { members });
    console.log(
      `Seeded ${handle.engine}: ${s.referenceOptions.options} options in ${s.referenceOptions.lists} lists ` +
        `(${s.referenceOptions.written} written, ${s.referenceOptions.deleted} deleted), ` +
        `${s.demoAccounts.total} demo accounts (${s.demoAccounts.inserted} new, ${s.demoAccounts.updated} updated), ` +
        `${s.members.total} members (${s.members.inserted} new, ${s.members.updated} updated) in ${s.ms} ms`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
