import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql as kyselySql } from 'kysely';
import postgres from 'postgres';
import { YieldingPGliteDialect } from './pglite-dialect';
import { PooledPostgresDialect } from './postgres-dialect';
import { assertDriverPatched } from './postgres-driver-patch';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  engine: 'postgres' | 'pglite';
  /** Closes the pool or the embedded database. */
  close: () => Promise<void>;
  /** Only set for PostgreSQL: used by LISTEN/NOTIFY and other raw needs. */
  sql?: postgres.Sql;
  /**
   * Raw SQL for libraries that bring their own queries (the pg-boss job queue): with values, one
   * parameterised statement; without, a script of several statements (pg-boss installs its
   * schema that way), answered with the last statement's rows.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Only set for PGlite: its data directory as a tar file (the test runs' database template). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` once the returned promise resolves (to the
   * function that stops it). PostgreSQL: from every connection and process, after the notifying
   * transaction commits, on postgres.js's one LISTEN connection. PGlite: this process's own
   * notifications, delivered before the notifying statement (or its transaction's COMMIT) returns.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** Directory for PGlite's files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  maxConnections?: number;
  /** PGlite only: a data directory (from dumpDataDir) to start from instead of an empty one. */
  loadDataDir?: Blob;
}

/**
 * postgres.js's json type with one change: a string bound to a json or jsonb parameter is taken as
 * JSON text and sent unchanged, as node-postgres and PGlite send it. postgres.js's own serializer
 * encodes it once more, so `'[{"a":1}]'` would arrive as a JSON string scalar: pg-boss hands its
 * cron clock's jobs to `json_to_recordset($1)` as `JSON.stringify(jobs)`, and on PostgreSQL no
 * scheduled job was ever queued. Objects and arrays are encoded as before.
 */
const JSON_AS_TEXT = {
  to: 114,
  from: [114, 3802],
  serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parse: (text: string) => JSON.parse(text) as unknown,
};

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  const url = options.databaseUrl;
  if (url) {
    // Unpatched, postgres.js ends the process when PostgreSQL drops a connection
    // (docs/decisions/0085-postgres-driver-patched-at-install.md).
    assertDriverPatched();
    const max = options.maxConnections ?? 20;
    // Sized for 100 concurrent requests (docs/decisions/0026-people-search-under-load.md): fewer made requests wait for a
    // connection rather than for the query; more only adds contention on a few cores.
    const sql = postgres(url, {
      max,
      onnotice: () => {},
      types: { json: JSON_AS_TEXT },
      // JIT off: our statements take milliseconds, but estimates over set-returning functions
      // (the name search's token matches) can reach JIT's cost threshold, and compiling the plan
      // then took 340 ms of a 10 ms search (docs/decisions/0047-precompiled-page-queries-and-no-jit.md).
      // Plans are PostgreSQL's own choice (plan_cache_mode auto): a prepared statement keeps one
      // generic plan once it costs no more than planning afresh for each value
      // (docs/decisions/0086-one-pool-and-postgresql-plan-choice.md).
      connection: { plan_cache_mode: 'auto', jit: 'off', application_name: 'campaign-hq' },
    });
    const db = new Kysely<Database>({ dialect: new PooledPostgresDialect(sql) });
    const executeSql = async (text: string, values?: unknown[]) => {
      // postgres.js refuses undefined; pg (pg-boss's own driver) sends it as NULL.
      if (values?.length)
        return { rows: [...(await sql.unsafe(text, values.map((v) => v ?? null) as never[]))] };
      // The simple protocol accepts several statements (one result each); a script may BEGIN and
      // COMMIT, which postgres.js allows only on a connection reserved for it.
      const connection = await sql.reserve();
      try {
        const results = (await connection.unsafe(text).simple()) as unknown as unknown[];
        const last = results.length > 0 && Array.isArray(results.at(-1)) ? results.at(-1) : results;
        return { rows: [...(last as unknown[])] };
      } catch (error) {
        // A script that failed after its BEGIN leaves the connection in an aborted transaction.
        await connection.unsafe('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    };
    const listen = async (channel: string, onPayload: (payload: string) => void) =>
      (await sql.listen(channel, onPayload)).unlisten;
    return { db, engine: 'postgres', sql, executeSql, listen, close: () => db.destroy() };
  }

  const dir = options.dataDir.startsWith('memory://') ? options.dataDir : pgliteDirectory(options.dataDir);
  const pglite = await PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: options.loadDataDir });
  const db = new Kysely<Database>({ dialect: new YieldingPGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    // Only exec accepts several statements; query takes parameters (docs/stack.md, "Job queue").
    executeSql: async (text, values) =>
      values?.length ? pglite.query(text, values) : ((await pglite.exec(text)).at(-1) ?? { rows: [] }),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    listen: pgliteListener(pglite, db),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * PGlite's LISTEN, sent through Kysely so that it waits for the one connection like any statement:
 * PGlite's own listen() sends it straight away, which can land inside a transaction another caller
 * has open, and that transaction's rollback would undo it. One LISTEN per channel serves every
 * subscriber; it lasts as long as the database is open.
 */
function pgliteListener(pglite: PGlite, db: Db): DbHandle['listen'] {
  const listening = new Map<string, Promise<unknown>>();
  return async (channel, onPayload) => {
    const stop = pglite.onNotification((from, payload) => {
      if (from === channel) onPayload(payload);
    });
    let started = listening.get(channel);
    if (!started) {
      started = kyselySql`LISTEN ${kyselySql.id(channel)}`.execute(db);
      listening.set(channel, started);
      started.catch(() => listening.delete(channel));
    }
    try {
      await started;
    } catch (error) {
      stop();
      throw error;
    }
    return async () => stop();
  };
}

/** The extensions migrations create; whatever opens PGlite's files (backups too) loads them. */
export const pgliteExtensions = { pg_trgm, fuzzystrmatch };

/** Where PGlite keeps its files under DATA_DIR. */
export function pgliteDataPath(dataDir: string): string {
  return resolve(dataDir, 'pglite');
}

function pgliteDirectory(dataDir: string): string {
  const dir = pgliteDataPath(dataDir);
  mkdirSync(dir, { recursive: true });
  return dir;
}
