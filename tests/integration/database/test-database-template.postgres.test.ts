import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import {
  copyName,
  copyPostgresTemplate,
  createDatabaseTemplate,
  dropDatabaseTemplate,
} from '../../setup/database-template';

/** The end of a run drops its template and the copies a crashed or interrupted test file left (decision 0068). */
describe('a PostgreSQL template', () => {
  it('is dropped with every copy a test file left behind', async () => {
    const baseUrl = process.env.DATABASE_URL!;
    const template = await createDatabaseTemplate(baseUrl);
    if (template.engine !== 'postgres') throw new Error('expected a PostgreSQL template');
    const left = copyName(template);
    await copyPostgresTemplate(template, left);
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
    const exists = async (name: string) =>
      (await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`).length === 1;
    try {
      expect(await exists(left)).toBe(true);
      await dropDatabaseTemplate(template);
      expect(await exists(left)).toBe(false);
      expect(await exists(template.name)).toBe(false);
    } finally {
      await admin.end();
    }
  });
});
