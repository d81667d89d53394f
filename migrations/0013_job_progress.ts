import { type Kysely, sql } from 'kysely';

/**
 * Progress of background jobs (docs/decisions/0019-job-queue.md). The queue itself is pg-boss, which
 * installs and migrates its own schema (`pgboss`) when it starts and has no progress of its own:
 * a job writes how far it got here (done of total, or a message), so the console can show it while
 * the job runs. One row per job id; rows of jobs pg-boss has long deleted are pruned by maintenance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_progress')
    .addColumn('job_id', 'uuid', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('done', 'integer')
    .addColumn('total', 'integer')
    .addColumn('message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('job_progress_updated_at').on('job_progress').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_progress').ifExists().execute();
}
