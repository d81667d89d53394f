import { type Kysely, sql } from 'kysely';

/**
 * Console lists at a million rows (docs/decisions/0036-console-lists-at-scale.md): one btree index
 * per sortable column of the large lists, on (column, id), so a page in the list's order (column,
 * then id in the same direction) is read from the index forwards or backwards, first page, deep
 * page or keyset cursor alike, without sorting the table.
 *
 * The members lists sort by three computed columns; their indexes hold the very expressions of
 * api/doors/rest/resources/members.ts (name, role) and api/modules/membership/paid-members.ts (track),
 * which the planner matches structurally: change one, change the other.
 */
const INDEXES: readonly [name: string, definition: string][] = [
  ['users_list_created', 'users (created_at, id)'],
  ['users_list_email', 'users (email, id)'],
  ['users_list_state', 'users (state, id)'],
  ['users_list_blocked', 'users (blocked_at, id)'],
  [
    'users_list_name',
    `users ((CASE WHEN kind = 'organization' THEN org_name
      ELSE trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) END), id)`,
  ],
  [
    'users_list_role',
    `users ((CASE WHEN is_admin THEN 'staff' WHEN is_candidate THEN 'candidate'
      WHEN is_vendor THEN 'vendor' ELSE kind END), id)`,
  ],
  [
    'users_list_track',
    `users ((CASE WHEN is_candidate THEN 'candidate' WHEN kind = 'organization' THEN 'organization' END), id)`,
  ],
  ['orders_list_created', 'orders (created_at, id)'],
  ['orders_list_paid', 'orders (paid_at, id)'],
  ['orders_list_updated', 'orders (updated_at, id)'],
  ['orders_list_total', 'orders (total_cents, id)'],
  ['orders_list_status', 'orders (status, id)'],
  ['donations_list_created', 'donations (created_at, id)'],
  ['donations_list_paid', 'donations (paid_at, id)'],
  ['donations_list_amount', 'donations (amount_cents, id)'],
  ['donations_list_status', 'donations (status, id)'],
  ['audit_logs_list_created', 'audit_logs (created_at, id)'],
  ['audit_logs_list_action', 'audit_logs (action, id)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, definition] of INDEXES) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(name)} ON ${sql.raw(definition)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  }
}
