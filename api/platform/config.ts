import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The one place that reads process.env. Every value is checked at start-up so that a
 * typo in a variable stops the process with a message naming it, instead of failing
 * later in a request.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** About 13 months: a year-over-year comparison of the same month still has its raw rows. */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 395;

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: optionalUrl,
  /** Connections each process keeps to PostgreSQL (db/client.ts gives the default and why). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Signs CSRF tokens, webhook payloads of the local gateway and similar tokens. Unset: the server
   * generates one on first start and keeps it in the database (api/process/app-secret.ts).
   */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl,
  EMAIL_FROM: z.string().min(3).default('Campaign HQ <no-reply@campaignhq.org>'),
  /** The sender's postal address, printed in every mass email's footer (CAN-SPAM asks it of promotional mail). */
  MAIL_POSTAL_ADDRESS: z.string().trim().min(5).max(200).optional(),
  /**
   * /dev/mailbox (stored email, including password-reset links): 'true' serves it to everyone,
   * 'false' to no one. Unset: everyone in development and test, and in production only requests
   * from this machine that came through no proxy (api/middleware/loopback.ts).
   */
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Where the Stripe API lives when it is not api.stripe.com: stripe-mock, or a test's local fake. */
  STRIPE_API_URL: optionalUrl,
  ABLY_API_KEY: z.string().includes(':', { message: 'must look like appId.keyId:secret' }).optional(),
  /**
   * Where uploaded files (profile and post images) are kept: 'local-disk' under DATA_DIR/uploads,
   * or 's3', a bucket of any S3-compatible store; served through the app either way
   * (docs/decisions/0039-object-storage-and-backups.md).
   */
  FILES_DRIVER: z.enum(['local-disk', 's3']).default('local-disk'),
  /** S3 bucket names: 3-63 lower-case letters, digits, dots and dashes. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service (MinIO, Cloudflare R2...); unset: AWS S3 itself. */
  S3_ENDPOINT: optionalUrl,
  /** Unset: the AWS SDK's default credentials (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 'true': the bucket in the path rather than the host name (most non-AWS stores need it). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Behind a load balancer: take the client address from X-Forwarded-For's last hop. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * How many server processes `npm start` runs on PostgreSQL (default: one per core); on embedded
   * PGlite always one, its data directory having one owner (api/process/worker-count.ts).
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Raw analytics (page views, clicks, activity, sessions) older than this are deleted. */
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(DEFAULT_ANALYTICS_RETENTION_DAYS),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DEV_MAILBOX'> & {
  appUrl: string;
  appSecret: string;
  /**
   * Where appSecret comes from: APP_SECRET ('env'); the database, generated on first start
   * ('stored', set by withAppSecret in api/process/app-secret.ts); or random for this process only
   * ('ephemeral': tests and tools that sign nothing that must outlive them).
   */
  appSecretSource: 'env' | 'stored' | 'ephemeral';
  /** Who may read /dev/mailbox: everyone, loopback clients without a proxy header, or no one. */
  devMailbox: 'open' | 'loopback' | 'off';
  /** Cookies get Secure and the __Host- prefix when the site is served over https. */
  secureCookies: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings from shells and CI templates mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.APP_SECRET && c.APP_URL?.startsWith('https://')) {
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: required when serving over https');
  }
  // Stripe needs both: the key starts payments, the webhook secret is the only way they complete.
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint {APP_URL}/api/payments/webhook)',
    );
  }
  if (c.STRIPE_WEBHOOK_SECRET && !c.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set (payments would stay on the test gateway)',
    );
  }
  const s3Problem = s3ConfigProblem(c);
  if (s3Problem) throw new ConfigError(`Invalid configuration:\n  ${s3Problem}`);
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const { protocol } = new URL(appUrl);
  const { DEV_MAILBOX, ...rest } = c;
  return {
    ...rest,
    appUrl,
    // No secret lives in the code: without APP_SECRET, a random one until the server replaces it
    // with the stored one (api/main.ts).
    appSecret: c.APP_SECRET ?? randomBytes(32).toString('base64url'),
    appSecretSource: c.APP_SECRET ? 'env' : 'ephemeral',
    // APP_URL is no guard: a server started without it is still reachable from the network.
    devMailbox: DEV_MAILBOX
      ? DEV_MAILBOX === 'true'
        ? 'open'
        : 'off'
      : c.NODE_ENV === 'production'
        ? 'loopback'
        : 'open',
    secureCookies: protocol === 'https:',
  };
}

/** Object storage takes a bucket, keys as a pair, and no S3 variable that would be ignored. */
function s3ConfigProblem(c: z.infer<typeof configSchema>): string | null {
  if (c.FILES_DRIVER === 's3' && !c.S3_BUCKET) return 'S3_BUCKET: required when FILES_DRIVER=s3';
  if (c.S3_ACCESS_KEY_ID && !c.S3_SECRET_ACCESS_KEY)
    return 'S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set';
  if (c.S3_SECRET_ACCESS_KEY && !c.S3_ACCESS_KEY_ID)
    return 'S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set';
  const ignored = (['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID'] as const).find((name) => c[name]);
  if (c.FILES_DRIVER !== 's3' && ignored) {
    return `FILES_DRIVER: set it to s3 to use ${ignored} (uploaded files would stay on the local disk)`;
  }
  return null;
}
