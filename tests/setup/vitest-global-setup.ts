import {
  createDatabaseTemplate,
  dropDatabaseTemplate,
  TEMPLATE_ENV,
  templateFromEnv,
} from './database-template';

/**
 * Vitest's global set-up: the run's database template, unless tests/setup/run-tests.ts (npm test)
 * already made one and owns it. Workers start after this and inherit TEST_DATABASE_TEMPLATE.
 */
export default async function setup() {
  if (templateFromEnv()) return;
  const template = await createDatabaseTemplate(process.env.DATABASE_URL);
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return async () => {
    await dropDatabaseTemplate(template);
    delete process.env[TEMPLATE_ENV];
  };
}
