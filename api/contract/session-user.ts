/**
 * The signed-in user as the site and the API see it (docs/product/spec.md §3, "Session user").
 * Built from the users row by the accounts module; null for visitors.
 */
export interface SessionUser {
  id: number;
  name: string;
  orgname: string | null;
  /** 'organization' for organization accounts, otherwise 'individual'. */
  role: 'individual' | 'organization';
  vendor: boolean;
  candidate: boolean;
  admin: boolean;
  handle: string | null;
  profileImage: string | null;
}
