import { type Kysely, sql } from 'kysely';

/**
 * The database tells the visitor page cache what changed (docs/decisions/0083-page-cache-learns-from-the-database.md):
 * statement triggers on every table a cached visitor page shows publish the page tags on the
 * channel every instance listens to, so no module has to remember to. A write through any door,
 * a job, the seed or plain SQL drops the pages it touches, when (and only if) it commits.
 *
 * The tags (api/modules/page-cache/changes.ts, `PageTag`):
 * - rows shown to everyone: products, product_variants → 'shop'; reference_options →
 *   'reference-options' and 'shop' (the catalog's category labels); feature_toggles → 'toggles';
 *   membership_entitlements → 'people' (a tier's verified badge); campaigns → 'people' when one is
 *   renamed or removed (posts name their campaign; a new one is on no page until a post names it);
 *   blocked_ips → 'blocked-ips' (the request guard's copy, no page);
 * - a member's own rows: posts (author), follows (both members: each page counts them),
 *   endorsements (both), issue_stances (candidate), membership_subscriptions (the badge) →
 *   `profile:<id>` for each member; 'people' instead when one of them is a vendor (a vendor page's
 *   URL names a handle, not an id, so it is dropped by 'people') or when a statement touches more
 *   members than a payload should carry;
 * - users → 'people' when a row anyone may see changes: an insert with a handle (posts link
 *   mentions of it), a delete, or an update of anything but the private columns below. Sign-ins,
 *   password and email changes drop nothing.
 * Transition tables let a statement that changed no row publish nothing. The channel name is
 * `PAGE_CHANGES_CHANNEL`; migrations import nothing from the app, so it is written out here.
 */
const CHANNEL = 'campaign_hq_page_data';

/** The most `profile:<id>` tags one notification carries (NOTIFY payloads stay under 8,000 bytes). */
const MAX_PROFILE_TAGS = 100;

/** Columns of users no cached page shows: a change to only these publishes nothing. */
const PRIVATE_USER_COLUMNS = [
  'email',
  'password_hash',
  'email_verified_at',
  'blocked_reason',
  'setup_completed_at',
  'updated_at',
  'first_sign_in_pending',
];

const FIXED_TAGS: Record<string, string[]> = {
  products: ['shop'],
  product_variants: ['shop'],
  reference_options: ['reference-options', 'shop'],
  feature_toggles: ['toggles'],
  membership_entitlements: ['people'],
  blocked_ips: ['blocked-ips'],
};

/** Tables of a member's own rows, and the columns naming the members whose pages show them. */
const MEMBER_ROWS: Record<string, string[]> = {
  posts: ['author_id'],
  follows: ['follower_id', 'followee_id'],
  endorsements: ['candidate_id', 'endorser_id'],
  issue_stances: ['candidate_id'],
  membership_subscriptions: ['user_id'],
};

const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
type Operation = (typeof OPERATIONS)[number];

const TRANSITION_TABLES: Record<Operation, string> = {
  INSERT: 'NEW TABLE AS new_rows',
  UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  DELETE: 'OLD TABLE AS old_rows',
};

const lowerName = (op: string) => op.toLowerCase();

/** The statement triggers of `table` for `operations` (and TRUNCATE), all running `fn(args)`. */
async function statementTriggers(
  db: Kysely<unknown>,
  table: string,
  fn: string,
  operations: readonly Operation[],
  args: string[] = [],
): Promise<void> {
  const argList = args.map((a) => `'${a}'`).join(', ');
  for (const op of operations) {
    await sql
      .raw(`CREATE TRIGGER page_data_${table}_${lowerName(op)} AFTER ${op} ON ${table}
        REFERENCING ${TRANSITION_TABLES[op]}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${argList})`)
      .execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER page_data_${table}_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${argList})`)
    .execute(db);
}

/** The member ids a statement's rows name (static SQL per table, as migrations/0025_revenue_rollups.ts). */
function memberIds(columns: string[], rows: string): string {
  return columns.map((c) => `SELECT ${c} FROM ${rows}`).join(' UNION ');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE FUNCTION page_data_changed(tags text[]) RETURNS void LANGUAGE sql AS $f$
      SELECT pg_notify('${CHANNEL}', array_to_json(tags)::text)
    $f$`)
    .execute(db);

  await sql
    .raw(`CREATE FUNCTION page_data_changed_for_members(ids integer[]) RETURNS void LANGUAGE plpgsql AS $f$
    BEGIN
      IF coalesce(cardinality(ids), 0) = 0 THEN
        RETURN;
      ELSIF cardinality(ids) > ${MAX_PROFILE_TAGS}
        OR EXISTS (SELECT 1 FROM users WHERE id = ANY (ids) AND is_vendor) THEN
        PERFORM page_data_changed(ARRAY['people']);
      ELSE
        PERFORM page_data_changed(ARRAY(SELECT 'profile:' || id FROM unnest(ids) AS id ORDER BY id));
      END IF;
    END
    $f$`)
    .execute(db);

  // Tags given as the trigger's arguments; a statement that changed no row publishes nothing.
  await sql
    .raw(`CREATE FUNCTION page_data_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM page_data_changed(TG_ARGV);
      ELSIF TG_OP = 'INSERT' THEN
        IF EXISTS (SELECT 1 FROM new_rows) THEN PERFORM page_data_changed(TG_ARGV); END IF;
      ELSE
        IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM page_data_changed(TG_ARGV); END IF;
      END IF;
      RETURN NULL;
    END
    $f$`)
    .execute(db);
  for (const [table, tags] of Object.entries(FIXED_TAGS)) {
    await statementTriggers(db, table, 'page_data_rows_changed', OPERATIONS, tags);
  }
  await statementTriggers(db, 'campaigns', 'page_data_rows_changed', ['UPDATE', 'DELETE'], ['people']);

  for (const [table, columns] of Object.entries(MEMBER_ROWS)) {
    await sql
      .raw(`CREATE FUNCTION page_data_${table}_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM page_data_changed(ARRAY['people']);
        ELSIF TG_OP = 'INSERT' THEN
          PERFORM page_data_changed_for_members(ARRAY(${memberIds(columns, 'new_rows')}));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM page_data_changed_for_members(ARRAY(${memberIds(columns, 'old_rows')}));
        ELSE
          PERFORM page_data_changed_for_members(ARRAY(${memberIds(columns, 'old_rows')} UNION ${memberIds(columns, 'new_rows')}));
        END IF;
        RETURN NULL;
      END
      $f$`)
      .execute(db);
    await statementTriggers(db, table, `page_data_${table}_changed`, OPERATIONS);
  }

  const publicPart = (row: string) =>
    `(to_jsonb(${row}) - ARRAY[${PRIVATE_USER_COLUMNS.map((c) => `'${c}'`).join(', ')}])`;
  await sql
    .raw(`CREATE FUNCTION page_data_users_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM page_data_changed(ARRAY['people']);
      ELSIF TG_OP = 'INSERT' THEN
        IF EXISTS (SELECT 1 FROM new_rows WHERE handle IS NOT NULL) THEN
          PERFORM page_data_changed(ARRAY['people']);
        END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM page_data_changed(ARRAY['people']); END IF;
      ELSE
        IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE ${publicPart('o')} IS DISTINCT FROM ${publicPart('n')}) THEN
          PERFORM page_data_changed(ARRAY['people']);
        END IF;
      END IF;
      RETURN NULL;
    END
    $f$`)
    .execute(db);
  await statementTriggers(db, 'users', 'page_data_users_changed', OPERATIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers: [string, readonly string[]][] = [
    ...Object.keys(FIXED_TAGS).map((t): [string, readonly string[]] => [t, OPERATIONS]),
    ['campaigns', ['UPDATE', 'DELETE']],
    ...Object.keys(MEMBER_ROWS).map((t): [string, readonly string[]] => [t, OPERATIONS]),
    ['users', OPERATIONS],
  ];
  for (const [table, operations] of triggers) {
    for (const op of [...operations, 'TRUNCATE']) {
      await sql.raw(`DROP TRIGGER IF EXISTS page_data_${table}_${lowerName(op)} ON ${table}`).execute(db);
    }
  }
  for (const table of ['users', ...Object.keys(MEMBER_ROWS)]) {
    await sql.raw(`DROP FUNCTION IF EXISTS page_data_${table}_changed()`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS page_data_rows_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS page_data_changed_for_members(integer[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS page_data_changed(text[])`.execute(db);
}
