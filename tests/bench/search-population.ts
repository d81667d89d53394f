import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import { seedDatabase } from '../../api/seed/seed';
import { upsertUsers } from '../../api/seed/user-rows';
import type { Db } from '../../db/client';
import { deferNameTokens, indexNameTokens } from '../../db/name-tokens';
import { realisticMembers } from './search-vocabulary';

/**
 * Loading the realistic population (search-vocabulary.ts) through the seed's bulk path: the
 * demo data first, then every member upserted in one transaction with the name-token triggers
 * deferred and the token index (and its deletion keys) rebuilt once at the end.
 */
export async function loadRealisticMembers(
  db: Db,
  members: number,
  log: (line: string) => void = () => {},
): Promise<{ seconds: number; tokens: number; keys: number }> {
  const started = performance.now();
  await seedDatabase(db, { members: 0 });
  await db.transaction().execute(async (trx) => {
    await deferNameTokens(trx);
    const written: number[] = [];
    for (const batch of realisticMembers(members)) {
      written.push(...(await upsertUsers(trx, batch)).writtenIds);
      if (written.length % 100_000 === 0) log(`  ${written.length.toLocaleString('en-US')} members written`);
    }
    await indexNameTokens(trx, written);
  });
  const seconds = (performance.now() - started) / 1000;
  const counts = await sql<{ tokens: number; keys: number }>`
    SELECT (SELECT count(*)::int FROM name_tokens) AS tokens, (SELECT count(*)::int FROM name_token_keys) AS keys`.execute(
    db,
  );
  return { seconds, ...counts.rows[0]! };
}

/** A fresh PostgreSQL database next to the one `baseUrl` names; `drop` removes it. */
export async function scratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `campaign_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // A server just stopped may still be closing its connections: FORCE ends them, retry once.
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(async () => {
        await new Promise((r) => setTimeout(r, 3_000));
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
      await admin.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
