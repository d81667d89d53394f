import { avatarUrlFor } from '../contract/avatars';
import { houseDistrict, STATE_FACTS } from './geography';
import {
  type CANDIDATE_OFFICES,
  FIRST_NAMES,
  LAST_NAMES,
  OCCUPATIONS,
  ORG_BODIES,
  ORG_CAUSES,
  ORG_OPENERS,
} from './names';
import { labelOf, REFERENCE_LISTS } from './reference-options';
import type { SeedUserRow } from './user-rows';

export const MEMBER_EMAIL_DOMAIN = 'members.campaignhq.test';

/** Sign-ups are spread over the 18 months before this instant: fixed, so every run writes the same rows. */
export const MEMBER_EPOCH = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;
const SPAN_MS = 548 * DAY_MS;

/** mulberry32: tiny, fast and good enough for fake data; never used for anything secret. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rand = () => number;

function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function weighted<T>(entries: readonly (readonly [T, number])[]): (rand: Rand) => T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return (rand) => {
    let r = rand() * total;
    for (const [item, w] of entries) {
      r -= w;
      if (r < 0) return item;
    }
    return entries[entries.length - 1]![0];
  };
}

const pickState = weighted(Object.entries(STATE_FACTS).map(([code, f]) => [code, f.population] as const));

// Roughly how Americans identify (Gallup); null = did not say.
const pickParty = weighted<string | null>([
  ['democratic', 29],
  ['republican', 29],
  ['independent', 26],
  ['libertarian', 3],
  ['green', 2],
  ['constitution', 1],
  ['nonpartisan', 5],
  ['other', 1],
  [null, 4],
]);

// Local races far outnumber federal ones, so most candidates run for them.
const pickOffice = weighted<(typeof CANDIDATE_OFFICES)[number]>([
  ['School Board', 18],
  ['City Council', 18],
  ['State House', 16],
  ['U.S. House', 12],
  ['County Commissioner', 10],
  ['State Senate', 9],
  ['Mayor', 8],
  ['U.S. Senate', 3],
  ['Governor', 2],
  ['Attorney General', 2],
  ['Secretary of State', 2],
]);

const POSITIONS = REFERENCE_LISTS.position.map((o) => o.value);

// Issues that usually sort left or right; the rest (infrastructure, veterans, ...) are everyone's.
const LEFT_LEANING = new Set([
  'healthcare_reform',
  'climate_action',
  'education_funding',
  'gun_safety',
  'reproductive_rights',
  'criminal_justice_reform',
  'affordable_housing',
  'environmental_protection',
  'immigration_reform',
  'voting_rights',
  'labor_rights',
]);
const RIGHT_LEANING = new Set([
  'lower_taxes',
  'border_security',
  'school_choice',
  'gun_rights',
  'pro_life',
  'support_for_law_enforcement',
  'energy_independence',
  'election_integrity',
  'national_defense',
  'balanced_budget',
  'religious_liberty',
]);
const LEAN: Record<string, Set<string>> = {
  democratic: RIGHT_LEANING,
  green: RIGHT_LEANING,
  republican: LEFT_LEANING,
  constitution: LEFT_LEANING,
};
// Positions a partisan member most likely holds: everything except the other side's.
const LIKELY_POSITIONS = Object.fromEntries(
  Object.entries(LEAN).map(([party, opposite]) => [party, POSITIONS.filter((p) => !opposite.has(p))]),
);

/** Mostly positions that fit the party, with enough exceptions to stay human. */
function pickPosition(rand: Rand, party: string | null): string {
  const likely = party ? LIKELY_POSITIONS[party] : undefined;
  return pick(rand, likely && rand() < 0.8 ? likely : POSITIONS);
}

const ENGAGEMENT = [
  'Knocks doors every election season.',
  'Phone banks on weeknights.',
  'Precinct captain since {year}.',
  'Poll worker since {year}.',
  'Has not missed an election since {year}.',
  'Registers voters at the community college.',
  'Writes letters to the editor more often than the editor would like.',
  'Never misses a school board meeting.',
  'Organizes a neighborhood get-out-the-vote walk every fall.',
  'Volunteers at candidate forums and town halls.',
];

const ORG_ADJECTIVES = ['nonpartisan', 'grassroots', 'volunteer-run', 'member-funded', 'community-based'];
const ORG_TYPES = [
  'coalition',
  'advocacy group',
  'civic organization',
  'nonprofit',
  'network of local chapters',
];

function stateName(code: string): string {
  return labelOf('states', code) ?? code;
}

function positionLabel(value: string): string {
  return labelOf('position', value) ?? value;
}

/** ASCII-only e-mail part: 'Sofía' → 'sofia', "O'Brien" → 'obrien'. */
function emailPart(text: string, separator = ''): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(/^-+|-+$/g, '');
}

/** 'ohio-coalition-for-fair-maps', cut at a word boundary so addresses stay readable. */
function orgEmailPart(name: string): string {
  const words = emailPart(name, '-').split('-');
  let out = words[0]!.slice(0, 40);
  for (const word of words.slice(1)) {
    if (out.length + 1 + word.length > 40) break;
    out = `${out}-${word}`;
  }
  return out;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function orgName(rand: Rand, state: string): { name: string; position?: string } {
  const shape = rand();
  if (shape < 0.8) {
    const [cause, position] = pick(rand, ORG_CAUSES);
    const prefix = shape < 0.45 ? pick(rand, ORG_OPENERS) : `${stateName(state)} ${pick(rand, ORG_BODIES)}`;
    return { name: `${prefix} ${cause}`, position };
  }
  return { name: `${stateName(state)} ${pick(rand, ORG_OPENERS)} ${pick(rand, ORG_BODIES)}` };
}

function candidateDistrict(rand: Rand, office: string, state: string): string | null {
  const n = Math.floor(rand() * 1000);
  switch (office) {
    case 'U.S. House':
      return houseDistrict(state, n);
    case 'State Senate':
      return `District ${(n % 40) + 1}`;
    case 'State House':
      return `District ${(n % 100) + 1}`;
    case 'City Council':
    case 'County Commissioner':
    case 'School Board':
      return `District ${(n % 9) + 1}`;
    default:
      return null; // statewide offices and mayors run at large
  }
}

/**
 * Member number `index` (0-based), always the same row: each member has its own PRNG
 * stream, so the output does not depend on batch size, start index or count.
 */
export function memberAt(index: number): SeedUserRow {
  const rand = mulberry32(Math.imul(index + 1, 0x9e3779b1) ^ 0x5eed2026);
  const n = index + 1;
  const state = pickState(rand);
  // sqrt skews sign-ups toward the recent end, as a growing platform's would be.
  const createdMs = MEMBER_EPOCH - Math.floor(SPAN_MS * (1 - Math.sqrt(rand())));
  const verifiedMs =
    rand() < 0.88 ? Math.min(MEMBER_EPOCH, createdMs + Math.floor(rand() * 2 * DAY_MS)) : null;
  const blockedMs =
    rand() < 0.005 ? Math.min(MEMBER_EPOCH, createdMs + Math.floor(rand() * 90 * DAY_MS)) : null;
  const isOrg = rand() < 0.08;

  let first: string | null = null;
  let last: string | null = null;
  let org: string | null = null;
  let party: string | null;
  let position: string | null = null;
  let bio: string | null = null;
  let office: string | null = null;
  let district: string | null = null;
  let email: string;

  if (isOrg) {
    const named = orgName(rand, state);
    org = named.name;
    party = rand() < 0.7 ? 'nonpartisan' : pickParty(rand);
    position = named.position ?? pickPosition(rand, party);
    email = `${orgEmailPart(org)}.${n}@${MEMBER_EMAIL_DOMAIN}`;
    if (rand() < 0.85) {
      const founded = 1975 + Math.floor(rand() * 49);
      bio = `A ${pick(rand, ORG_ADJECTIVES)} ${pick(rand, ORG_TYPES)} based in ${stateName(state)}, founded in ${founded}.`;
      if (position) bio += ` Focus: ${positionLabel(position)}.`;
    }
  } else {
    first = pick(rand, FIRST_NAMES);
    last = pick(rand, LAST_NAMES);
    party = pickParty(rand);
    if (rand() < 0.9) position = pickPosition(rand, party);
    email = `${emailPart(first)}.${emailPart(last)}.${n}@${MEMBER_EMAIL_DOMAIN}`;
    const occupation = pick(rand, OCCUPATIONS);
    if (rand() < 0.022) {
      office = pickOffice(rand);
      district = candidateDistrict(rand, office, state);
      const second = pickPosition(rand, party);
      const priorities = [position, second].filter((p, i, all): p is string => !!p && all.indexOf(p) === i);
      bio = `${occupation} running for ${office}${district ? ` (${district})` : ''} in ${stateName(state)}.`;
      if (priorities.length > 0) bio += ` Priorities: ${priorities.map(positionLabel).join('; ')}.`;
    } else if (rand() < 0.45) {
      const since = String(2000 + Math.floor(rand() * 24));
      bio = `${occupation} in ${stateName(state)}. ${pick(rand, ENGAGEMENT).replace('{year}', since)}`;
      if (position) bio += ` Top issue: ${positionLabel(position)}.`;
    }
  }

  const displayName = org ?? `${first} ${last}`;
  const lastChangeMs = Math.max(createdMs, verifiedMs ?? 0, blockedMs ?? 0);
  return {
    email,
    password_hash: null, // generated members are people to find, not accounts to sign in with
    kind: isOrg ? 'organization' : 'individual',
    first_name: first,
    last_name: last,
    org_name: org,
    handle: null,
    is_vendor: false,
    is_candidate: office !== null,
    is_admin: false,
    state,
    party,
    position,
    bio,
    profile_image: avatarUrlFor(displayName, email, isOrg ? 'organization' : 'individual'),
    candidate_office: office,
    candidate_district: district,
    email_verified_at: verifiedMs === null ? null : iso(verifiedMs),
    blocked_at: blockedMs === null ? null : iso(blockedMs),
    setup_completed_at: verifiedMs === null ? null : iso(verifiedMs),
    created_at: iso(createdMs),
    updated_at: iso(lastChangeMs),
  };
}

/** Members `startIndex` .. `startIndex + count - 1`, in batches sized for one multi-row INSERT each. */
export function* generateMembers(count: number, startIndex = 0, batchSize = 1000): Generator<SeedUserRow[]> {
  const end = startIndex + count;
  for (let from = startIndex; from < end; from += batchSize) {
    const batch: SeedUserRow[] = [];
    for (let i = from; i < Math.min(end, from + batchSize); i++) batch.push(memberAt(i));
    yield batch;
  }
}
