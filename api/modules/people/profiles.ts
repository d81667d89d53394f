import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import type { AttributeVisibilityMap, ProfileAttributes, User } from '../../../db/schema';
import type { ProfileView } from '../../contract/people-views';
import { profileName, profilePath, ROLE_LABELS, roleCodeOf } from '../../contract/person-names';
import {
  ATTRIBUTE_BY_KEY,
  PROFILE_ATTRIBUTES,
  viewerOf,
  visibilityOf,
  visibleAttributes,
} from '../../contract/profile-attributes';
import { ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { getReferenceLists } from '../reference-options/service';
import { followCounts, isFollowing } from './follows';
import type { ProfileInput } from './schema';

/** Blocked and deleted accounts have no public profile. */
export function findPublicProfileById(db: Db, id: number): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findVendorByHandle(db: Db, handle: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('handle', '=', handle)
    .where('is_vendor', '=', true)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function profileView(db: Db, user: User, viewerId: number | null): Promise<ProfileView> {
  const viewer = viewerOf(viewerId, user.id);
  const role = roleCodeOf(user);
  const [counts, followed] = await Promise.all([
    followCounts(db, user.id),
    viewer === 'member' && viewerId !== null ? isFollowing(db, viewerId, user.id) : false,
  ]);
  return {
    id: user.id,
    name: profileName(user),
    path: profilePath(user),
    kind: user.kind,
    role,
    roleLabel: ROLE_LABELS[role],
    profileImage: user.profile_image,
    bio: user.bio,
    vendorHandle: user.is_vendor ? user.handle : null,
    candidate: user.is_candidate
      ? { office: user.candidate_office, district: user.candidate_district }
      : null,
    attributes: visibleAttributes(user, viewer),
    followers: counts.followers,
    following: counts.following,
    followedByViewer: followed,
    viewer,
  };
}

/** The owner's own attribute values and visibilities, for /myprofile and /settings forms. */
export function ownAttributes(
  user: Pick<
    User,
    'state' | 'party' | 'position' | 'interests' | 'profile_attributes' | 'attribute_visibility'
  >,
) {
  return PROFILE_ATTRIBUTES.map((def) => {
    const raw =
      def.storage === 'column'
        ? user[def.key as 'state' | 'party' | 'position' | 'interests']
        : (user.profile_attributes as ProfileAttributes)[def.key];
    const values = raw === null || raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    return {
      key: def.key,
      label: def.label,
      list: def.list,
      multiple: def.multiple,
      values,
      visibility: visibilityOf(user.attribute_visibility as AttributeVisibilityMap, def.key),
    };
  });
}

/** Profile and settings saves per member and hour: generous for people, a wall for scripts. */
export const PROFILE_WRITE_LIMIT = { name: 'profile-write', limit: 60, windowSeconds: 3600 };

/** Interests may be hobbies or issues (the /setup choices), so they draw on both lists. */
async function allowedValues(db: Db, list: string): Promise<Set<string>> {
  const lists = await getReferenceLists(db);
  const options =
    list === 'interests' ? [...(lists.hobby ?? []), ...(lists.position ?? [])] : (lists[list] ?? []);
  return new Set(options.map((o) => o.value));
}

/**
 * Saves the introduction and the attributes on /myprofile. Every value must come from its
 * reference list; an attribute left out or empty is cleared.
 */
export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<void> {
  await hitRateLimit(db, PROFILE_WRITE_LIMIT, String(userId));
  const errors: Record<string, string[]> = {};
  const json: ProfileAttributes = {};
  const columns: {
    state: string | null;
    party: string | null;
    position: string | null;
    interests: string[];
  } = {
    state: null,
    party: null,
    position: null,
    interests: [],
  };
  for (const def of PROFILE_ATTRIBUTES) {
    const raw = input.attributes[def.key];
    const values = [...new Set((Array.isArray(raw) ? raw : raw ? [raw] : []).filter((v) => v !== ''))];
    if (!def.multiple && values.length > 1) errors[def.key] = [`Choose one ${def.label.toLowerCase()}.`];
    const allowed = await allowedValues(db, def.list);
    if (values.some((v) => !allowed.has(v))) errors[def.key] = ['Please choose from the list.'];
    if (values.length === 0) continue;
    if (def.storage === 'column') {
      if (def.key === 'interests') columns.interests = values;
      else columns[def.key as 'state' | 'party' | 'position'] = values[0]!;
    } else {
      json[def.key] = def.multiple ? values : values[0]!;
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await db
    .updateTable('users')
    .set({
      bio: input.bio === '' ? null : input.bio,
      ...columns,
      profile_attributes: jsonb(json),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/** Saves who may see each attribute; attributes not named keep their current choice. */
export async function updateAttributeVisibility(
  db: Db,
  userId: number,
  choices: Record<string, string>,
): Promise<void> {
  await hitRateLimit(db, PROFILE_WRITE_LIMIT, String(userId));
  const user = await db
    .selectFrom('users')
    .select('attribute_visibility')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const next: AttributeVisibilityMap = { ...(user.attribute_visibility as AttributeVisibilityMap) };
  for (const [key, visibility] of Object.entries(choices)) {
    if (!ATTRIBUTE_BY_KEY.has(key)) throw new ValidationError({ [key]: ['Unknown attribute.'] });
    if (visibility !== 'public' && visibility !== 'members' && visibility !== 'private') {
      throw new ValidationError({ [key]: ['Choose Everyone, Members only or Only me.'] });
    }
    next[key] = visibility;
  }
  await db
    .updateTable('users')
    .set({ attribute_visibility: jsonb(next), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
