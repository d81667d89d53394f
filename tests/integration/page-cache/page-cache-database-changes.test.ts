import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_CHANGES_CHANNEL } from '../../../api/modules/page-cache/changes';
import { createPageCache, type PageCache } from '../../../api/modules/page-cache/page-cache';
import type { DbHandle } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The page cache learns what changed from the database (docs/decisions/0083-page-cache-learns-from-the-database.md):
 * statement triggers on the tables visitor pages show publish the pages' tags, so any write (a
 * door, a job, plain SQL) drops exactly the pages it touches, once it commits. On PGlite the
 * writer's own statement returns only after the cache dropped them; on PostgreSQL the
 * notification follows the commit, so these tests wait for it as a reader would.
 */
let database: DbHandle;
let cache: PageCache;
let member: number;
let other: number;
let vendor: number;

const db = () => database.db;
const pglite = () => database.engine === 'pglite';

beforeAll(async () => {
  database = await createTestDatabase();
  cache = createPageCache(database);
  await cache.listening;
  const people = await db()
    .insertInto('users')
    .values([
      { email: 'page-member@example.com', kind: 'individual', first_name: 'Pat', last_name: 'Page' },
      { email: 'page-other@example.com', kind: 'individual', first_name: 'Lee', last_name: 'Other' },
      {
        email: 'page-vendor@example.com',
        kind: 'organization',
        org_name: 'Tees',
        handle: 'tees',
        is_vendor: true,
      },
    ])
    .returning('id')
    .execute();
  [member, other, vendor] = people.map((p) => p.id) as [number, number, number];
  await db()
    .insertInto('products')
    .values({
      slug: 'trigger-tee',
      title: 'Trigger Tee',
      description: 'A shirt.',
      category: 't_shirts',
      shape: 'tshirt',
      price_cents: 2500,
    })
    .execute();
}, 120_000);
afterAll(async () => {
  await cache?.close();
  await database?.close();
});

/** One cached page per tag, each shown under that tag alone. */
const allTags = () => [
  'shop',
  'people',
  'toggles',
  'reference-options',
  'blocked-ips',
  `profile:${member}`,
  `profile:${other}`,
];

beforeEach(async () => {
  for (const tag of allTags()) {
    const body = new TextEncoder().encode(tag);
    await cache.store.getOrRender(tag, async () => ({
      body,
      gzip: body,
      etag: `"${tag}"`,
      tags: [tag],
      storedAt: Date.now(),
    }));
  }
});

const dropped = () => allTags().filter((tag) => !cache.store.get(tag));

let sentinels = 0;
/**
 * Waits until every notification sent so far has arrived: notifications arrive in commit order,
 * so once one sent after the write is heard, the write's own (if any) has been.
 */
async function heardEverything() {
  const sentinel = `sentinel:${++sentinels}`;
  const body = new Uint8Array();
  await cache.store.getOrRender(sentinel, async () => ({
    body,
    gzip: body,
    etag: '"s"',
    tags: [sentinel],
    storedAt: Date.now(),
  }));
  await sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${JSON.stringify([sentinel])})`.execute(db());
  await expect.poll(() => cache.store.get(sentinel), { timeout: 5_000 }).toBeUndefined();
}

type Write = (db: Kysely<Database>) => Promise<unknown>;

const cases: [string, Write, () => string[]][] = [
  [
    'a price set in plain SQL',
    (d) => sql`update products set price_cents = 2600 where slug = 'trigger-tee'`.execute(d),
    () => ['shop'],
  ],
  [
    'stock',
    (d) =>
      sql`insert into product_variants (product_id, size, color, color_hex, stock) select id, 'M', 'Navy', '#1f3a68', 3 from products where slug = 'trigger-tee'`.execute(
        d,
      ),
    () => ['shop'],
  ],
  [
    'an update that matches no row',
    (d) => sql`update products set price_cents = 1 where slug = 'no-such-tee'`.execute(d),
    () => [],
  ],
  [
    'an option label',
    (d) =>
      sql`update reference_options set label = label where (list_name, value) = (select list_name, value from reference_options order by 1, 2 limit 1)`.execute(
        d,
      ),
    () => ['shop', 'reference-options'],
  ],
  [
    'a feature toggle',
    (d) =>
      sql`update feature_toggles set enabled = not enabled where name = (select min(name) from feature_toggles)`.execute(
        d,
      ),
    () => ['toggles'],
  ],
  [
    'a blocked address',
    (d) => sql`insert into blocked_ips (ip, reason) values ('203.0.113.9', 'test')`.execute(d),
    () => ['blocked-ips'],
  ],
  [
    'a tier’s badge',
    (d) => sql`update membership_entitlements set verified_badge = verified_badge`.execute(d),
    () => ['people'],
  ],
  [
    'a member’s post',
    (d) => sql`insert into posts (author_id, body) values (${member}, 'Hello')`.execute(d),
    () => [`profile:${member}`],
  ],
  [
    'a follow',
    (d) => sql`insert into follows (follower_id, followee_id) values (${member}, ${other})`.execute(d),
    () => [`profile:${member}`, `profile:${other}`],
  ],
  [
    'an endorsement',
    (d) => sql`insert into endorsements (candidate_id, endorser_id) values (${other}, ${member})`.execute(d),
    () => [`profile:${member}`, `profile:${other}`],
  ],
  [
    'a stance',
    (d) =>
      sql`insert into issue_stances (candidate_id, issue, stance, statement) values (${other}, 'taxes', 'support', 'Yes')`.execute(
        d,
      ),
    () => [`profile:${other}`],
  ],
  [
    'a membership',
    (d) =>
      sql`insert into membership_subscriptions (reference, user_id, tier, amount_cents) select 'SUB-TRIGGER1', ${member}, tier, 500 from membership_entitlements where tier <> 'free' limit 1`.execute(
        d,
      ),
    () => [`profile:${member}`],
  ],
  [
    'a vendor’s post (their page is found by handle)',
    (d) => sql`insert into posts (author_id, body) values (${vendor}, 'New tees')`.execute(d),
    () => ['people'],
  ],
  [
    'a campaign renamed',
    async (d) => {
      await sql`insert into campaigns (candidate_id, type, name) values (${other}, 'SocialMedia', 'Spring')`.execute(
        d,
      );
      await sql`update campaigns set name = 'Summer' where candidate_id = ${other}`.execute(d);
    },
    () => ['people'],
  ],
  [
    'a name',
    (d) => sql`update users set first_name = 'Patricia' where id = ${member}`.execute(d),
    () => ['people'],
  ],
  [
    'a password, a verified email, a first sign-in',
    (d) =>
      sql`update users set password_hash = 'x', email_verified_at = now(), first_sign_in_pending = false, updated_at = now() where id = ${member}`.execute(
        d,
      ),
    () => [],
  ],
  [
    'a sign-up (no handle yet)',
    (d) =>
      sql`insert into users (email, kind, first_name, last_name) values ('page-new@example.com', 'individual', 'New', 'Person')`.execute(
        d,
      ),
    () => [],
  ],
  [
    'a transaction rolled back',
    (d) =>
      d
        .transaction()
        .execute(async (trx) => {
          await sql`update products set price_cents = 1`.execute(trx);
          throw new Error('rolled back');
        })
        .catch(() => {}),
    () => [],
  ],
];

describe('what a write drops from the page cache', () => {
  it.each(cases)('%s', async (_name, write, expected) => {
    await write(db());
    // PGlite delivers before the statement returns: nothing to wait for.
    if (pglite()) expect(dropped()).toEqual(expected());
    await heardEverything();
    expect(dropped()).toEqual(expected());
  });

  it('drops nothing until the transaction commits', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`update products set price_cents = 2700 where slug = 'trigger-tee'`.execute(trx);
        await sql`update users set last_name = 'Pager' where id = ${member}`.execute(trx);
        expect(dropped()).toEqual([]);
      });
    if (pglite()) expect(dropped()).toEqual(['shop', 'people']);
    await heardEverything();
    expect(dropped()).toEqual(['shop', 'people']);
  });
});
