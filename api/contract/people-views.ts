import type { AccountKind } from './accounts';
import type { RoleCode } from './person-names';
import type { Viewer, VisibleAttribute } from './profile-attributes';

/** What the people pages and the search box are shown of a person. */
/** A found person: names and image are public; the civic facts only when the searcher may see them. */
export interface PersonMatch {
  id: number;
  kind: AccountKind;
  firstName: string | null;
  lastName: string | null;
  orgName: string | null;
  profileImage: string | null;
  role: RoleCode;
  state: string | null;
  party: string | null;
  position: string | null;
  candidateOffice: string | null;
  candidateDistrict: string | null;
}

/**
 * A profile as one viewer may see it: the only shape that leaves this module for pages and the
 * API. Email, password, flags and hidden attributes never appear in it.
 */
export interface ProfileView {
  id: number;
  name: string;
  path: string;
  kind: AccountKind;
  role: RoleCode;
  roleLabel: string;
  profileImage: string | null;
  bio: string | null;
  vendorHandle: string | null;
  candidate: { office: string | null; district: string | null } | null;
  attributes: VisibleAttribute[];
  followers: number;
  following: number;
  /** Whether the viewer follows this person (false for visitors and for oneself). */
  followedByViewer: boolean;
  viewer: Viewer;
}
