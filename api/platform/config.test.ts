import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe('./data');
    expect(c.appUrl).toBe('http://localhost:3000');
  });

  it('names the variable and the problem when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).DATABASE_POOL_SIZE).toBe(8);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('takes Stripe only as a pair: key and webhook secret, naming the one missing', () => {
    const key = 'sk_test_abc123';
    const webhook = 'whsec_abc123';
    expect(() => loadConfig({ STRIPE_SECRET_KEY: key })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: key })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: webhook })).toThrow(
      /STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    const c = loadConfig({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: webhook });
    expect(c.STRIPE_SECRET_KEY).toBe(key);
    expect(c.STRIPE_WEBHOOK_SECRET).toBe(webhook);
  });

  it('refuses to serve https in production without a secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_URL: 'https://hq.example.org' })).toThrow(
      /APP_SECRET: required/,
    );
  });

  it('keeps no secret in the code: without APP_SECRET each load gets its own random one', () => {
    const a = loadConfig({ NODE_ENV: 'production' });
    const b = loadConfig({ NODE_ENV: 'production' });
    expect(a.appSecretSource).toBe('ephemeral');
    expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.appSecret).not.toBe(b.appSecret);
    const set = loadConfig({ APP_SECRET: 'x'.repeat(40) });
    expect(set.appSecret).toBe('x'.repeat(40));
    expect(set.appSecretSource).toBe('env');
  });

  it('serves /dev/mailbox in production only to loopback clients unless DEV_MAILBOX says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe('loopback');
    // A localhost APP_URL is no longer a reason to open it: the server still listens on 0.0.0.0.
    expect(loadConfig({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000' }).devMailbox).toBe(
      'loopback',
    );
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).devMailbox).toBe('open');
    expect(loadConfig({ NODE_ENV: 'development', DEV_MAILBOX: 'false' }).devMailbox).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe('open');
  });

  it('stores files on the local disk unless FILES_DRIVER=s3 names a bucket; keys only as a pair', () => {
    expect(loadConfig({}).FILES_DRIVER).toBe('local-disk');
    expect(() => loadConfig({ FILES_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when FILES_DRIVER=s3/);
    expect(() => loadConfig({ FILES_DRIVER: 'ftp' })).toThrow(/FILES_DRIVER/);
    expect(() => loadConfig({ FILES_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be/);
    expect(() => loadConfig({ FILES_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'nope' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ FILES_DRIVER: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/,
    );
    expect(() => loadConfig({ FILES_DRIVER: 's3', S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID: required/,
    );
    // A bucket without the driver would silently leave files on one server's disk.
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/FILES_DRIVER: set it to s3 to use S3_BUCKET/);
    const c = loadConfig({
      FILES_DRIVER: 's3',
      S3_BUCKET: 'campaign-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect([c.FILES_DRIVER, c.S3_BUCKET, c.S3_REGION, c.S3_FORCE_PATH_STYLE]).toEqual([
      's3',
      'campaign-media',
      'us-east-1',
      true,
    ]);
  });
});
