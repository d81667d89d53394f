import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Config } from '../platform/config';

const NAME = 'APP_SECRET';

/** 32 random bytes, base64url: 43 characters. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The installation's own APP_SECRET, kept in the database (PGlite's directory or PostgreSQL): the
 * first process to ask creates it, every later one (a restart, another instance on the same
 * PostgreSQL) reads the same value. The insert is a no-op when a row exists, so two instances
 * starting at once still agree.
 */
export async function storedAppSecret(db: Db): Promise<string> {
  await db
    .insertInto('instance_secrets')
    .values({ name: NAME, value: randomSecret() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('instance_secrets')
    .select('value')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The configuration with its final secret: APP_SECRET when set, else the stored one. */
export async function withAppSecret(config: Config, db: Db): Promise<Config> {
  if (config.appSecretSource === 'env') return config;
  return { ...config, appSecret: await storedAppSecret(db), appSecretSource: 'stored' };
}
