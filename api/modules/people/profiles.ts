import type { Db } from '../../../db/client';
import type { User } from '../../../db/schema';

/** Name shown for a person: first plus last name, or the organization's name. */
export function profileName(user: Pick<User, 'kind' | 'first_name' | 'last_name' | 'org_name'>): string {
  return user.kind === 'organization'
    ? (user.org_name ?? 'Organization')
    : `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
}

/** The {name} part of /profile/{name}/{id}: lowercase words joined by hyphens. */
export function profileSlug(user: Pick<User, 'kind' | 'first_name' | 'last_name' | 'org_name'>): string {
  const slug = profileName(user)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'member';
}

/** Blocked accounts have no public profile. */
export function findPublicProfileById(db: Db, id: number): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
}

export function findVendorByHandle(db: Db, handle: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('handle', '=', handle)
    .where('is_vendor', '=', true)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
}
