import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { IssueKey, Stance } from '../contract/issue-stances';
import { MEMBER_EMAIL_DOMAIN } from './members';

/**
 * Demo posts, follows, endorsements and stances (docs/decisions/0033-social.md): Jordan Rivera and Citizens
 * for Clean Water follow and endorse Marisol Grant, and a few generated members follow the three
 * demo candidates, so /candidate-ranking has an order; the candidates state stances, so
 * /versus/contrast-page has something to compare; a handful of posts with a link and a mention
 * fill the feed and the profiles. Reruns add nothing: every insert ignores what exists.
 */
const DEMO_DOMAIN = 'demo.campaignhq.test';
const CANDIDATE_DOMAIN = 'candidates.campaignhq.test';

const STANCES: Record<string, [IssueKey, Stance, string][]> = {
  [`candidate@${DEMO_DOMAIN}`]: [
    ['healthcare', 'support', 'Nobody in Ohio should go broke because they got sick.'],
    ['minimum-wage', 'support', 'A full-time job should cover rent and groceries.'],
    ['climate', 'support', 'Clean energy jobs belong in the Midwest.'],
    ['border', 'neutral', 'Secure the border and fix the asylum backlog together.'],
    ['background-checks', 'support', 'Every sale, every time.'],
    ['infrastructure', 'support', 'Broadband is the new rural electrification.'],
  ],
  [`avery-chen@${CANDIDATE_DOMAIN}`]: [
    ['healthcare', 'oppose', 'Competition, not a government plan, lowers premiums.'],
    ['minimum-wage', 'oppose', 'Wages should follow local costs, set by the states.'],
    ['tax-cuts', 'support', 'Families keep more of what they earn.'],
    ['energy', 'support', 'Pennsylvania gas powers the country.'],
    ['voter-id', 'support', 'An ID to vote, free to anyone who needs one.'],
    ['term-limits', 'support', 'Twelve years is long enough in Washington.'],
  ],
  [`samuel-ortiz@${CANDIDATE_DOMAIN}`]: [
    ['border', 'support', 'Arizona needs more agents and faster hearings.'],
    ['school-choice', 'support', 'Let the money follow the student.'],
    ['student-debt', 'oppose', 'Fix the cost of college instead.'],
    ['infrastructure', 'support', 'Water pipelines are a matter of survival here.'],
  ],
};

const POSTS: [string, string][] = [
  [
    `candidate@${DEMO_DOMAIN}`,
    'Thank you to everyone who knocked doors in Clintonville this weekend! Next canvass: Saturday 10am. Details at https://example.org/canvass',
  ],
  [
    `member@${DEMO_DOMAIN}`,
    'Heard @marisol-grant speak at the library tonight. Great answers on water and broadband.',
  ],
  [
    `organization@${DEMO_DOMAIN}`,
    'Our lead pipe map is live for every Michigan county. Thanks @jordan-rivera for the volunteer hours.',
  ],
  [
    `avery-chen@${CANDIDATE_DOMAIN}`,
    'Town hall in Erie on Thursday. Bring your questions about energy prices.',
  ],
];

async function idsByEmail(db: Db, emails: string[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function seedDemoSocial(db: Db): Promise<{ posts: number }> {
  const emails = [
    ...new Set([
      ...Object.keys(STANCES),
      ...POSTS.map(([e]) => e),
      `member@${DEMO_DOMAIN}`,
      `organization@${DEMO_DOMAIN}`,
    ]),
  ];
  const ids = await idsByEmail(db, emails);
  const id = (email: string) => ids.get(email);
  const marisol = id(`candidate@${DEMO_DOMAIN}`);
  const candidates = Object.keys(STANCES)
    .map(id)
    .filter((x): x is number => x !== undefined);
  if (!marisol) return { posts: 0 };

  const fans = [id(`member@${DEMO_DOMAIN}`), id(`organization@${DEMO_DOMAIN}`)].filter(
    (x): x is number => x !== undefined,
  );
  await db
    .insertInto('follows')
    .values(fans.map((f) => ({ follower_id: f, followee_id: marisol })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('endorsements')
    .values(fans.map((f) => ({ candidate_id: marisol, endorser_id: f })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Generated members (lowest ids first, the same on every run) follow the candidates unevenly.
  for (const [index, candidateId] of candidates.entries()) {
    await sql`INSERT INTO follows (follower_id, followee_id)
      SELECT u.id, ${candidateId} FROM users u
      WHERE u.email LIKE ${`%@${MEMBER_EMAIL_DOMAIN}`} AND u.id <> ${candidateId}
      ORDER BY u.id LIMIT ${[40, 25, 12][index] ?? 5}
      ON CONFLICT DO NOTHING`.execute(db);
  }

  const stances = Object.entries(STANCES).flatMap(([email, list]) => {
    const candidateId = id(email);
    return candidateId === undefined
      ? []
      : list.map(([issue, stance, statement]) => ({ candidate_id: candidateId, issue, stance, statement }));
  });
  await db
    .insertInto('issue_stances')
    .values(stances)
    .onConflict((oc) => oc.doNothing())
    .execute();

  const authors = POSTS.map(([email]) => id(email)).filter((x): x is number => x !== undefined);
  const existing = await db
    .selectFrom('posts')
    .select('id')
    .where('author_id', 'in', authors)
    .limit(1)
    .execute();
  if (existing.length > 0) return { posts: 0 };
  const rows = POSTS.flatMap(([email, body], i) => {
    const authorId = id(email);
    // Fixed, spaced timestamps keep the feed's order the same on every fresh database.
    return authorId === undefined
      ? []
      : [{ author_id: authorId, body, created_at: `2025-03-0${i + 1}T16:00:00.000Z` }];
  });
  await db.insertInto('posts').values(rows).execute();
  return { posts: rows.length };
}
