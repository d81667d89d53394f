import postgres from 'postgres';

/**
 * One connection to the E2E server's PostgreSQL database for the length of `run`, for the
 * *.postgres.spec.ts files that write or read rows no page offers (a paid subscription, a clock
 * moved forward). playwright.config.ts sets E2E_DATABASE_URL when DATABASE_URL is set.
 */
export async function withDatabase<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('playwright.config.ts sets E2E_DATABASE_URL when DATABASE_URL is set');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
