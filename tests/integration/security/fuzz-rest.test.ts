import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAdminRestApi, REST_BASE } from '../../../api/doors/rest';
import { LIST_SPECS } from '../../../api/modules/lists/list-spec';
import { seedDatabase } from '../../../api/seed/seed';
import {
  describeInput,
  FUZZ_SEED,
  hasBadText,
  hostileInputs,
  hostileLeaf,
  problemsOf,
  skeletonOfZod,
} from '../../factories/fuzz';
import { STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Finding 9, REST side: every route of the console's REST API, enumerated from its route table
 * (a new resource or action is fuzzed without editing this file), called as the super admin
 * (every permission). Lists get hostile sort, range, filter and format; /:id routes hostile ids;
 * writes hostile bodies built from a real record. No 5xx, no database text, NUL → 400.
 * Replay a failure with FUZZ_SEED=<seed printed below>.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

const { routes } = createAdminRestApi();

const HOSTILE_IDS = [
  '2147483648',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e3',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  'prototype',
  'x'.repeat(3000),
  '0000-01-01..9999-12-31',
  '2025-01-01..2025-99-01',
  '%27%3B%20DROP%20TABLE%20users%3B--',
  '..%2F..%2Fetc',
];

/** A query parameter's value: JSON of a hostile shape, or raw text that is not JSON at all. */
const rawOrJson = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    value.map((v) => JSON.stringify(v) ?? 'undefined'),
    fc.constantFrom('', '[', 'null', '{"a":', 'a\u0000b', '[0,1]\u0000'),
  );

function listQuery(resource: string): fc.Arbitrary<Record<string, string>> {
  const spec = LIST_SPECS.get(resource);
  const fields = spec ? [...spec.sortable] : ['id'];
  const filterSkeleton = spec ? skeletonOfZod(z.object(spec.filters)) : {};
  const number = fc.oneof(hostileLeaf, fc.integer({ min: -5, max: 600 }));
  return fc.record(
    {
      sort: rawOrJson(
        fc.tuple(
          fc.oneof(fc.constantFrom(...fields), hostileLeaf),
          fc.oneof(fc.constantFrom('ASC', 'DESC'), hostileLeaf),
        ),
      ),
      range: rawOrJson(fc.oneof(fc.tuple(number, number), hostileLeaf)),
      filter: rawOrJson(
        fc.oneof(
          hostileInputs(filterSkeleton),
          fc.array(fc.oneof(hostileLeaf, fc.constantFrom(1, '1')), { maxLength: 4 }).map((id) => ({ id })),
        ),
      ),
      format: fc.constantFrom('csv', 'json', 'xml', 'csv\u0000'),
    },
    { requiredKeys: [] },
  );
}

let t: TestApp;
let admin: TestBrowser;
let sent = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The whole demo on purpose: write bodies start from each resource's first real record
  // (sampleRecord), and nearly every demo piece gives some resource its records.
  await seedDatabase(t.db, { members: 20 });
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
});
afterAll(() => t?.close());

async function send(method: string, path: string, body?: unknown) {
  const res = await admin.request(`${REST_BASE}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  sent++;
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** A real record of the resource (its first list row), as the starting point for write bodies. */
async function sampleRecord(resource: string): Promise<Record<string, unknown>> {
  const res = await send('GET', `/${resource}?range=${encodeURIComponent('[0,0]')}`);
  if (res.status !== 200) return {};
  const rows = JSON.parse(res.text) as unknown;
  const first = Array.isArray(rows) ? rows[0] : rows;
  return first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
}

describe('REST input fuzzing', () => {
  it('answers every REST route without a 5xx, database text or accepted NUL', async () => {
    const failures: string[] = [];
    const check = async <T>(label: string, arbitrary: fc.Arbitrary<T>, run: (v: T) => Promise<void>) => {
      const details = await fc.check(fc.asyncProperty(arbitrary, run), {
        seed: FUZZ_SEED,
        numRuns: RUNS_PER_ROUTE,
        endOnFailure: true,
      });
      if (details.failed) {
        failures.push(`${label}: ${(details.errorInstance as Error | undefined)?.message ?? 'interrupted'}`);
      }
    };
    const verdict = (res: { status: number; text: string }, input: unknown) => {
      const problems = problemsOf(res, input, true);
      if (problems.length > 0) throw new Error(`${problems.join('; ')} for ${describeInput(input)}`);
    };

    // Reads and lists first, writes last: a write that happens to succeed cannot hide a read.
    const ordered = [...routes].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const route of ordered) {
      const base = `/${route.resource}`;
      const label = `${route.method} ${route.path}`;
      if (route.action === 'list') {
        await check(label, listQuery(route.resource), async (query) => {
          verdict(
            await send('GET', `${base}?${new URLSearchParams(query as Record<string, string>)}`),
            query,
          );
        });
      } else if (route.action === 'create') {
        const { id: _id, ...record } = await sampleRecord(route.resource);
        await check(label, hostileInputs(record), async (body) => {
          verdict(await send('POST', base, body), body);
        });
      } else {
        const record = route.action === 'update' ? await sampleRecord(route.resource) : {};
        const id = fc.constantFrom(...HOSTILE_IDS);
        const body = route.action === 'update' ? hostileInputs(record) : fc.constant(undefined);
        await check(label, fc.tuple(id, body), async ([rawId, payload]) => {
          const res = await send(route.method, `${base}/${rawId}`, payload);
          // The id travels percent-encoded: a %00 in it is a NUL once decoded.
          const decoded = (() => {
            try {
              return decodeURIComponent(rawId);
            } catch {
              return rawId;
            }
          })();
          const sentBadText = hasBadText(decoded) || hasBadText(payload);
          verdict(res, sentBadText ? ['\u0000', payload] : payload);
        });
      }
    }
    console.info(`REST fuzz (seed ${FUZZ_SEED}): ${routes.length} routes, ${sent} requests`);
    expect(failures, `FUZZ_SEED=${FUZZ_SEED}`).toEqual([]);
  }, 300_000); // bounded by FUZZ_RUNS; about 30 s at the default on PGlite

  it('answers a cursor it did not give out with a 400 on every keyset list', async () => {
    const failures: string[] = [];
    const lists = routes.filter((r) => r.action === 'list' && LIST_SPECS.has(r.resource));
    expect(lists.length).toBeGreaterThan(20);
    for (const route of lists) {
      const fields = [...LIST_SPECS.get(route.resource)!.sortable];
      // A cursor the server did give out, for the list's first sort field: the forgeries below
      // include it altered, and it must not open any other sort field of the same list.
      const genuine = await send('GET', `/${route.resource}?${listParams(fields[0]!)}`);
      const given = genuine.status === 200 ? realCursorsOf(genuine) : [];
      const forged = [
        ...FORGED_CURSORS,
        ...given.flatMap(tamperedCursors),
        ...fields.slice(1).flatMap((field) => given.map((cursor) => ({ cursor, field }))),
      ];
      for (const [i, forgery] of forged.entries()) {
        const { cursor, field } =
          typeof forgery === 'string' ? { cursor: forgery, field: undefined } : forgery;
        const sortField = field ?? fields[i % fields.length]!;
        const side = i % 2 === 0 ? 'after' : 'before';
        const res = await send(
          'GET',
          `/${route.resource}?${listParams(sortField)}&${side}=${encodeURIComponent(cursor)}`,
        );
        const problems = problemsOf(res, cursor, true);
        if (res.status !== 400) problems.push(`status ${res.status}, not 400`);
        if (problems.length > 0) {
          failures.push(
            `${route.resource} sort=${sortField} ${side}=${describeInput(cursor)}: ${problems.join('; ')}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const json64 = (value: unknown) => b64(JSON.stringify(value));

/**
 * Cursors of every kind a client could write: JSON of each type, the old unsigned shape
 * ([key, type, id]) holding a value of another type than the sort column's, wrong arity, bad
 * base64 and base64 of non-JSON. Whatever a list sorts by, none of them was given out by it.
 */
const FORGED_CURSORS: string[] = [
  json64(1),
  json64('abc'),
  json64(true),
  json64(null),
  json64({ key: 'a', type: 'text', id: 1 }),
  json64([]),
  b64('1e400'),
  json64(2 ** 64),
  json64('2025-01-01T00:00:00Z'),
  json64(['a', 'text']),
  json64(['a', 'text', 1, 2]),
  json64(['abc', 'text', 1]),
  json64(['abc', 'integer', 1]),
  json64(['1', 'integer', 'abc']),
  json64(['1', 'bigint', 2 ** 64]),
  json64(['99999999999999999999999', 'numeric', 1]),
  json64(['true', 'boolean', 1]),
  json64(['2025-01-01', 'date', 1]),
  json64(['2025-99-01', 'timestamp with time zone', 1]),
  json64(['2025-01-01 00:00:00', 'timestamp without time zone', '00000000-0000-4000-8000-000000000000']),
  json64([null, 'text', 1.5]),
  json64([{}, 'text', []]),
  json64(['a', 'regclass', 1]),
  '!!!not base64!!!',
  '%%%',
  b64('not json at all'),
  b64('\u0000'),
  '',
  `${json64(['abc', 'text', 1])}.${b64('not a signature')}`,
];

/** A list request sorted by `field`, first page. */
function listParams(field: string): string {
  return new URLSearchParams({
    sort: JSON.stringify([field, 'ASC']),
    range: JSON.stringify([0, 4]),
  }).toString();
}

function realCursorsOf(res: { headers: Headers }): string[] {
  return (res.headers.get('x-page-cursors') ?? '').split(' ').filter(Boolean);
}

/** A given cursor with one character changed in each of its parts, and with a part dropped. */
function tamperedCursors(cursor: string): string[] {
  const flip = (text: string, at: number) =>
    `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return [flip(cursor, 2), flip(cursor, cursor.length - 2), cursor.split('.')[0]!, `${cursor}x`];
}
