/**
 * The shapes of an account that both sides name: who an account is (a person or an
 * organization), who may see a profile attribute, and the raw attribute maps stored on it.
 * db/schema.ts declares the same unions for Kysely; tests/architecture/contract-types.test.ts
 * fails the type check the day the two differ.
 */
export type AccountKind = 'individual' | 'organization';

export type Visibility = 'public' | 'members' | 'private';

/** { attribute: value | value[] } from the reference lists (profile-attributes.ts). */
export type ProfileAttributes = Record<string, string | string[]>;

/** { attribute: visibility }; attributes not listed have their default visibility. */
export type AttributeVisibilityMap = Record<string, Visibility>;

/** The fields a person's name is built from. */
export interface NameFields {
  kind: AccountKind;
  first_name: string | null;
  last_name: string | null;
  org_name: string | null;
}

/** The fields a role badge is read from. */
export interface RoleFields {
  kind: AccountKind;
  is_candidate: boolean;
  is_vendor: boolean;
  is_admin: boolean;
}
