import type { Kysely } from 'kysely';

/**
 * One object per opened database, the same for every Kysely instance derived from it (withPlugin,
 * a transaction): the key for a cache of what that database holds. A cache keyed by the instance
 * never hits for a write request's handlers, which get an instance of their own
 * (api/modules/page-cache/changes.ts, runInWriteScope); every tRPC call of the site is a POST.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's instances qualify.
export function databaseIdentity(db: Kysely<any>): object {
  // Kysely makes the adapter once, when the database is opened; derived instances share it.
  return db.getExecutor().adapter;
}
