import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDataException, sqlStateOf } from '../../../api/middleware/database-errors';
import { demoAccounts } from '../../factories/accounts';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Finding 9, by example (tests/integration/fuzz-*.test.ts search the same properties at large):
 * hostile text, prototype keys and out-of-range ids are a 400 naming the field, and nothing of
 * PostgreSQL's text reaches a client.
 */
let t: TestApp;
let member: TestBrowser;
let admin: TestBrowser;
let visitor: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'admin');
  member = await signedIn(t, 'member@demo.campaignhq.test');
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
  visitor = new TestBrowser(t);
});
afterAll(() => t?.close());

type TrpcError = { error: { json: { message: string; data: { code: string; zodError: unknown } } } };

async function trpcError(browser: TestBrowser, path: string, input: unknown) {
  const res = await browser.trpc(path, input);
  const text = await res.text();
  expect(text).not.toMatch(/out of range for type|invalid byte sequence|0x00|postgres/i);
  return { status: res.status, body: JSON.parse(text) as TrpcError };
}

const feedback = {
  name: 'Ada',
  email: 'ada@example.test',
  topic: 'general',
  message: 'A perfectly ordinary message.',
};

describe('the tRPC input guard', () => {
  it('refuses NUL and lone surrogates with a field error, before the session check', async () => {
    const nul = await trpcError(visitor, 'feedback.submit', { ...feedback, name: 'Ada\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.error.json.data.zodError).toEqual({
      formErrors: [],
      fieldErrors: { name: ['This text must not contain NUL characters.'] },
    });
    const surrogate = await trpcError(visitor, 'messaging.send', {
      to: 1,
      body: 'hi \ud800',
      clientId: 'c1',
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.json.data.zodError).toMatchObject({
      fieldErrors: { body: [expect.any(String)] },
    });
  });

  it('refuses prototype-named keys instead of failing on them', async () => {
    for (const key of ['constructor', 'prototype']) {
      const res = await trpcError(member, 'settings.setNotificationPreferences', { 1: true, [key]: 'x' });
      expect(res.status, key).toBe(400);
    }
    // JSON.parse makes `__proto__` an own key; superjson drops it, so it pollutes nothing.
    const res = await member.request('/api/doors/trpc/settings.setNotificationPreferences', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"json":{"1":true,"__proto__":{"isAdmin":true}}}',
    });
    expect(res.status).toBeLessThan(500);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it('refuses ids beyond PostgreSQL integer with 400, not the database’s out-of-range error', async () => {
    for (const [path, input] of [
      ['messaging.send', { to: 2 ** 31, body: 'hello', clientId: 'c2' }],
      ['messaging.block', { userId: 2 ** 32 }],
      ['profiles.get', { id: 2 ** 53 - 1 }],
      ['shop.quote', { items: [{ variantId: 2 ** 31, quantity: 1 }] }],
    ] as const) {
      const res = await trpcError(member, path, input);
      expect(res.status, path).toBe(400);
      expect(res.body.error.json.data.code, path).toBe('BAD_REQUEST');
    }
  });
});

describe('the REST input guard', () => {
  it('refuses a NUL in an id, a query value or a body with a field error', async () => {
    const id = await rest(admin, 'GET', '/feature-toggles/a%00b');
    expect(id.status).toBe(400);
    expect(id.json).toMatchObject({ errors: { id: 'This text must not contain NUL characters.' } });
    const filter = await rest(admin, 'GET', `/coupons?filter=${encodeURIComponent('{"q":"a\\u0000"}')}`);
    expect(filter.status).toBe(400);
    expect(filter.json).toMatchObject({ errors: { 'filter.q': expect.any(String) } });
    const body = await rest(admin, 'POST', '/ip-blocks', { ip: '198.51.100.77', reason: 'x\u0000' });
    expect(body.status).toBe(400);
    expect(body.json).toMatchObject({ errors: { reason: expect.any(String) } });
  });

  it('refuses prototype keys in a body', async () => {
    const res = await admin.request('/api/admin/rest/ip-blocks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ip":"198.51.100.78","reason":"spam","__proto__":{"isAdmin":true}}',
    });
    expect(res.status).toBe(400);
  });
});

describe('database data exceptions', () => {
  it('are recognised by SQLSTATE class 22 on the real driver, and other errors are not', async () => {
    const failure = async (query: ReturnType<typeof sql>) => {
      try {
        await query.execute(t.db);
      } catch (error) {
        return error;
      }
      throw new Error('the query did not fail');
    };
    const outOfRange = await failure(sql`select ${'2147483648'}::int4`);
    expect(sqlStateOf(outOfRange)).toBe('22003');
    expect(isDataException(outOfRange)).toBe(true);
    expect(isDataException(await failure(sql`select 'abc'::int4`))).toBe(true);
    const missing = await failure(sql`select * from no_such_table`);
    expect(sqlStateOf(missing)).toBe('42P01');
    expect(isDataException(missing)).toBe(false);
    expect(isDataException(new Error('plain'))).toBe(false);
  });

  it('refuse a NUL in any form field before the route reads it, even one that never reaches the database', async () => {
    const res = await member.form('/profile/follow', { userId: '1\u0000' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Some of what you sent cannot be used');
  });

  it('make a site form post a 400 page, not a 500', async () => {
    const res = await visitor.form('/feedback', { ...feedback, message: 'hello \u0000 there' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/0x00|invalid byte sequence/i);
  });
});

describe('site routes that read a number from the URL or a form', () => {
  it('treat an order number with a NUL byte as no such order, without asking the database', async () => {
    const page = await visitor.request('/pay/CHQ-0000%00?token=x');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(/^\/orderfailed\?order=/);
    const post = await visitor.form('/pay/CHQ-0000%00', { token: 'x', card: '4242424242424242' });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toMatch(/^\/orderfailed\?order=/);
  });

  it('send a follow of an id no row can have back to the page, following no one', async () => {
    for (const userId of [String(2 ** 31), 'NaN', '-1']) {
      const res = await member.form('/profile/follow', { userId });
      expect(res.status, userId).toBe(303);
    }
  });
});
