import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type postgres from 'postgres';

type Pool = postgres.Sql;
type Reserved = postgres.ReservedSql;

/**
 * Statements that leave state in their session for later statements: an advisory lock held by the
 * session (Kysely's Migrator takes one on `db.connection()`), SET, LISTEN, a cursor, a temporary
 * table. Such a statement reserves its connection; the statements after it on the same Kysely
 * connection follow it there.
 */
const SESSION_STATE =
  /^\s*(set|reset|discard|listen|unlisten|declare|prepare|lock)\b|\bcreate\s+(temp|temporary)\b|\b(pg_(try_)?advisory_lock(_shared)?|set_config)\s*\(/i;

/**
 * Statements with more parameters than this are not prepared: a long IN list or a multi-row insert
 * is a new statement for every length, and each prepared one stays in its connection's cache (and
 * in its PostgreSQL backend) until the connection ends (postgres.js replaces each connection
 * after 30 to 60 minutes). Every other statement is a fixed shape of our code, so the cache stays
 * as small as the code.
 */
const MOST_PARAMETERS_PREPARED = 64;

/**
 * A statement that matches a pattern (LIKE, ILIKE: the console's and the shop's substring searches)
 * is not prepared, so PostgreSQL plans it for each pattern. Its best plan depends on the pattern: a
 * trigram index finds '%rare%' at once, and a generic plan, which PostgreSQL may keep for a
 * prepared statement after five runs, once ignored that index (5.8 → 119 ms p95, docs/stack.md;
 * docs/decisions/0086-one-pool-and-postgresql-plan-choice.md). Such searches are rare; planning
 * each costs a fraction of a millisecond.
 */
const MATCHES_A_PATTERN = /\bi?like\b/i;

/** Whether a statement is kept prepared on its connection (see the two rules above). */
function preparedOnConnection(statement: string, parameters: number): boolean {
  return parameters <= MOST_PARAMETERS_PREPARED && !MATCHES_A_PATTERN.test(statement);
}

/** Whether a statement must run on a connection reserved for its Kysely connection. */
export function leavesSessionState(statement: string): boolean {
  return SESSION_STATE.test(statement);
}

/**
 * Kysely over postgres.js, sending a lone statement through the pool instead of reserving a
 * connection for it, and preparing it (docs/decisions/0042-statements-through-the-pool.md). kysely-postgres-js
 * reserves a connection per statement: a signed-in page then queued for one of the pool's
 * connections, wrote its statement alone, and paid postgres.js's reservation (a new `sql`
 * object per query). Through the pool, statements of concurrent requests share connections and
 * their writes, as postgres.js pipelines them.
 *
 * A transaction reserves its connection before BEGIN, and so does `db.connection()` as soon as it
 * runs a statement that leaves session state (leavesSessionState). Until then its statements go
 * through the pool, like those of PgBouncer's transaction mode: a statement that reads what an
 * earlier one left outside these (currval, lastval) belongs in a transaction.
 */
export class PooledPostgresDialect implements Dialect {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PooledPostgresDriver(this.#pool);
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own dialects take Kysely<any> here.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** PostgresDriver's transaction and savepoint statements, over connections of our own. */
class PooledPostgresDriver extends PostgresDriver {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    // The `pg` pool PostgresDriver would open is never used: every method that touches it is ours.
    super({ pool: {} as never });
    this.#pool = pool;
  }

  override async init() {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PooledConnection(this.#pool);
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as PooledConnection).reserve();
    await super.beginTransaction(connection, settings);
  }

  override async releaseConnection(connection: DatabaseConnection) {
    (connection as PooledConnection).release();
  }

  override async destroy() {
    await this.#pool.end();
  }
}

class PooledConnection implements DatabaseConnection {
  readonly #pool: Pool;
  #reserved: Reserved | null = null;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async reserve() {
    this.#reserved ??= await this.#pool.reserve();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#reserved && leavesSessionState(compiledQuery.sql)) await this.reserve();
    const runner: Pool | Reserved = this.#reserved ?? this.#pool;
    // Prepared: PostgreSQL parses and analyses the text once per connection instead of on every
    // run, which was most of a signed-in page's database time (docs/decisions/0042-statements-through-the-pool.md).
    const prepare = preparedOnConnection(compiledQuery.sql, compiledQuery.parameters.length);
    const result = await runner.unsafe(compiledQuery.sql, compiledQuery.parameters as never[], { prepare });
    const { command, count } = result;
    return {
      numAffectedRows:
        command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
          ? BigInt(count)
          : undefined,
      rows: Array.from(result) as R[],
    };
  }

  /** A cursor holds its connection between batches, so a stream reserves one. */
  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    await this.reserve();
    const cursor = this.#reserved!.unsafe(compiledQuery.sql, compiledQuery.parameters as never[]).cursor(
      chunkSize,
    );
    for await (const rows of cursor) yield { rows: rows as R[] };
  }

  release() {
    this.#reserved?.release();
    this.#reserved = null;
  }
}
