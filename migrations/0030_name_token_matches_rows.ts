import { type Kysely, sql } from 'kysely';

/**
 * name_token_matches (0018) returns at most its max_tokens argument (5 to 32 rows), but a
 * function's planner estimate is 1,000 rows unless it says otherwise. With two or more words the
 * planner then expected hundreds of thousands of postings, merge-joined whole index ranges of
 * user_name_tokens and, past the JIT threshold, compiled the plan (340 ms for a 10 ms search;
 * docs/decisions/0047-precompiled-page-queries-and-no-jit.md). With ROWS 16 it looks each token's
 * postings up by index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER FUNCTION name_token_matches(text, integer) ROWS 16`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER FUNCTION name_token_matches(text, integer) ROWS 1000`.execute(db);
}
