import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { defaultsInForce } from './startup-notice';

describe('defaultsInForce', () => {
  it('names every zero-configuration default of `npm start` and the variable that replaces it', () => {
    const config = { ...loadConfig({ NODE_ENV: 'production' }), appSecretSource: 'stored' as const };
    const lines = defaultsInForce(config, 'pglite').join('\n');
    for (const expected of [
      /embedded PGlite.*DATABASE_URL/,
      /served by one process/,
      /test payment gateway.*STRIPE_SECRET_KEY/,
      /email outbox.*SMTP_URL/,
      /local realtime.*ABLY_API_KEY/,
      /APP_SECRET generated.*database/,
      /dev\/mailbox for browsers on this machine only/,
      /APP_URL/,
    ]) {
      expect(lines).toMatch(expected);
    }
  });

  it('names the local disk for uploads on PostgreSQL, where several servers may run', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example.org/hq' });
    expect(defaultsInForce(config, 'postgres').join('\n')).toMatch(/uploaded files.*FILES_DRIVER=s3/);
    expect(defaultsInForce(config, 'pglite').join('\n')).not.toMatch(/uploaded files/);
  });

  it('says nothing once everything is configured', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://hq.example.org',
      APP_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://db.example.org/hq',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SMTP_URL: 'smtp://mail.example.org',
      ABLY_API_KEY: 'app.key:secret',
      DEV_MAILBOX: 'false',
      FILES_DRIVER: 's3',
      S3_BUCKET: 'campaign-media',
    });
    expect(defaultsInForce(config, 'postgres')).toEqual([]);
  });
});
