import type { Config } from '../platform/config';

/**
 * What the start-up message says about the defaults in force: each zero-configuration choice that
 * is fine on a laptop and wrong on a public server, with the variable that replaces it.
 */
export function defaultsInForce(config: Config, engine: 'postgres' | 'pglite'): string[] {
  const defaults: string[] = [];
  if (engine === 'pglite') {
    // Its data directory has one owner, so the supervisor runs one worker whatever WORKERS says.
    defaults.push(
      `embedded PGlite database in ${config.DATA_DIR}, served by one process (set DATABASE_URL: then one worker per core)`,
    );
  }
  // On PGlite there is one server anyway; on PostgreSQL there may be several, and each would see
  // only the uploads it received.
  if (engine === 'postgres' && config.FILES_DRIVER === 'local-disk') {
    defaults.push(
      `uploaded files on this server's disk in ${config.DATA_DIR}/uploads (set FILES_DRIVER=s3 and S3_BUCKET)`,
    );
  }
  if (!config.STRIPE_SECRET_KEY) {
    defaults.push(
      'local test payment gateway: no real money (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
    );
  }
  if (!config.SMTP_URL) defaults.push('email outbox: email is stored, not sent (set SMTP_URL)');
  if (!config.ABLY_API_KEY)
    defaults.push('local realtime: live events within this database only (or set ABLY_API_KEY)');
  if (config.appSecretSource === 'stored') {
    defaults.push('APP_SECRET generated on first start and kept in the database (or set APP_SECRET)');
  }
  if (config.devMailbox === 'loopback') {
    defaults.push('/dev/mailbox for browsers on this machine only (DEV_MAILBOX=false turns it off)');
  }
  if (config.devMailbox === 'open') {
    defaults.push(
      '/dev/mailbox open to every visitor: it shows password-reset links (set DEV_MAILBOX=false)',
    );
  }
  if (!config.APP_URL) defaults.push(`public address ${config.appUrl} (set APP_URL to the https origin)`);
  return defaults;
}
