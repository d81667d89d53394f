import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/factories/test-app';

/**
 * Finding 3: `npm start` without APP_URL left /dev/mailbox (password-reset links) open to every
 * visitor. In production it now answers only a browser on the server's machine, through no proxy.
 */
const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

async function mailboxStatus(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  const res = await t.app.request('/dev/mailbox', { headers }, socket(remoteAddress));
  return res.status;
}

describe('/dev/mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('answers a loopback client that came through no proxy', async () => {
    expect(await mailboxStatus(t, '127.0.0.1')).toBe(200);
    expect(await mailboxStatus(t, '::1')).toBe(200);
    expect(await mailboxStatus(t, '::ffff:127.0.0.1')).toBe(200);
  });

  it('does not exist for any other client', async () => {
    expect(await mailboxStatus(t, '203.0.113.7')).toBe(404);
    expect(await mailboxStatus(t, '10.0.0.5')).toBe(404);
  });

  it('does not exist for a request a proxy forwarded, even from loopback', async () => {
    expect(await mailboxStatus(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(404);
    expect(await mailboxStatus(t, '127.0.0.1', { forwarded: 'for=203.0.113.7' })).toBe(404);
    expect(await mailboxStatus(t, '127.0.0.1', { 'x-real-ip': '203.0.113.7' })).toBe(404);
  });
});

describe('/dev/mailbox with DEV_MAILBOX=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', DEV_MAILBOX: 'true' });
  });
  afterAll(() => t.close());

  it('answers every client, proxied or not', async () => {
    expect(await mailboxStatus(t, '203.0.113.7')).toBe(200);
    expect(await mailboxStatus(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe(200);
  });
});
