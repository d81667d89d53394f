import type { AttributeVisibilityMap, ProfileAttributes, Visibility } from './accounts';

/**
 * Profile attributes (docs/product/rulings.md, "People and accounts"): each takes its values from a
 * reference list and has a visibility the member chooses. Pure: shared by the server and islands.
 */
export const VISIBILITIES: readonly Visibility[] = ['public', 'members', 'private'];

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Everyone',
  members: 'Members only',
  private: 'Only me',
};

export interface AttributeDefinition {
  /** Key in profile_attributes / attribute_visibility; for column attributes, the column name. */
  key: string;
  label: string;
  /** Reference list the values come from. */
  list: string;
  multiple: boolean;
  /** Where the value lives: a users column (state, party, position, interests) or profile_attributes. */
  storage: 'column' | 'attributes';
  defaultVisibility: Visibility;
}

const column = (key: string, label: string, list: string, multiple = false): AttributeDefinition => ({
  key,
  label,
  list,
  multiple,
  storage: 'column',
  defaultVisibility: 'public',
});

const attribute = (
  key: string,
  label: string,
  multiple: boolean,
  defaultVisibility: Visibility = 'members',
): AttributeDefinition => ({ key, label, list: key, multiple, storage: 'attributes', defaultVisibility });

/**
 * Civic facts default to public (they are why people search each other); personal ones to
 * members only; sensitive ones (faith, ethnicity, citizenship, marital status) to private.
 */
export const PROFILE_ATTRIBUTES: readonly AttributeDefinition[] = [
  column('state', 'State', 'states'),
  column('party', 'Party', 'party'),
  column('position', 'Main issue', 'position'),
  { ...column('interests', 'Interests', 'hobby', true), list: 'interests' },
  attribute('express', 'How I take part', true, 'public'),
  attribute('language', 'Languages', true, 'public'),
  attribute('skill', 'Skills', true, 'public'),
  attribute('employment', 'Employment', false),
  attribute('jobtype', 'Line of work', false),
  attribute('companysize', 'Company size', false),
  attribute('hobby', 'Hobbies', true),
  attribute('music', 'Music', true),
  attribute('movie', 'Movies', true),
  attribute('book', 'Books', true),
  attribute('food', 'Food', true),
  attribute('astrological', 'Star sign', false),
  attribute('eye', 'Eye color', false),
  attribute('hair', 'Hair color', false),
  attribute('married', 'Marital status', false, 'private'),
  attribute('religious', 'Faith', false, 'private'),
  attribute('ethnic', 'Ethnicity', false, 'private'),
  attribute('uscitizen', 'US citizen', false, 'private'),
];

export const ATTRIBUTE_BY_KEY: ReadonlyMap<string, AttributeDefinition> = new Map(
  PROFILE_ATTRIBUTES.map((a) => [a.key, a]),
);

/**
 * Attributes the advanced search may filter on besides state, party and position. Sensitive ones
 * (private by default: faith, ethnicity, marital status, citizenship) are never search filters.
 */
export const FILTERABLE_ATTRIBUTES = PROFILE_ATTRIBUTES.filter(
  (a) => a.defaultVisibility !== 'private' && !['state', 'party', 'position'].includes(a.key),
);

/** Who is looking: a visitor, another signed-in member, or the person themself. */
export type Viewer = 'visitor' | 'member' | 'self';

export function viewerOf(viewerId: number | null | undefined, ownerId: number): Viewer {
  if (viewerId === null || viewerId === undefined) return 'visitor';
  return viewerId === ownerId ? 'self' : 'member';
}

export function visibilityOf(map: AttributeVisibilityMap | null | undefined, key: string): Visibility {
  const chosen = map?.[key];
  if (chosen && VISIBILITIES.includes(chosen)) return chosen;
  return ATTRIBUTE_BY_KEY.get(key)?.defaultVisibility ?? 'private';
}

/** The one rule: public to all, members to signed-in people, private to the owner alone. */
export function canSee(visibility: Visibility, viewer: Viewer): boolean {
  if (viewer === 'self') return true;
  if (visibility === 'public') return true;
  return visibility === 'members' && viewer === 'member';
}

/** Visibilities a viewer may see, for SQL filters (`IN (...)`); the owner is handled apart. */
export function visibleLevels(viewer: Exclude<Viewer, 'self'>): Visibility[] {
  return viewer === 'member' ? ['public', 'members'] : ['public'];
}

interface AttributeSource {
  state: string | null;
  party: string | null;
  position: string | null;
  interests: string[];
  profile_attributes: ProfileAttributes;
  attribute_visibility: AttributeVisibilityMap;
}

/** The raw value of an attribute, from its column or from profile_attributes; [] / null when unset. */
export function attributeValue(user: AttributeSource, def: AttributeDefinition): string | string[] | null {
  if (def.storage === 'column') {
    const value = user[def.key as 'state' | 'party' | 'position' | 'interests'];
    if (Array.isArray(value)) return value.length > 0 ? value : null;
    return value ?? null;
  }
  const value = (user.profile_attributes as ProfileAttributes | null)?.[def.key];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length > 0 ? value : null;
  return value === '' ? null : value;
}

export interface VisibleAttribute {
  key: string;
  label: string;
  values: string[];
  visibility: Visibility;
}

/**
 * The attributes this viewer may see, in display order, with raw values (labels are looked up
 * by the page). Every door that shows a profile goes through this function.
 */
export function visibleAttributes(user: AttributeSource, viewer: Viewer): VisibleAttribute[] {
  const shown: VisibleAttribute[] = [];
  for (const def of PROFILE_ATTRIBUTES) {
    const value = attributeValue(user, def);
    if (value === null) continue;
    const visibility = visibilityOf(user.attribute_visibility, def.key);
    if (!canSee(visibility, viewer)) continue;
    shown.push({
      key: def.key,
      label: def.label,
      values: Array.isArray(value) ? value : [value],
      visibility,
    });
  }
  return shown;
}

/** The attributes kept in a users column of one value: what a search card or a profile's description shows. */
export type SingleValueColumn = 'state' | 'party' | 'position';

/** One of those columns if the viewer may see it, otherwise null (state on cards, for instance). */
export function visibleValue(
  user: Pick<AttributeSource, SingleValueColumn | 'attribute_visibility'>,
  key: SingleValueColumn,
  viewer: Viewer,
): string | null {
  if (!canSee(visibilityOf(user.attribute_visibility, key), viewer)) return null;
  return user[key] ?? null;
}
