/**
 * The header links of docs/product/spec.md §2, shared by header-footer.spec.ts and side-menu.spec.ts.
 * Paths are what docs/product/spec.md §2 names; a link may add a fragment (e.g. /membership#political-candidates
 * jumps to that track of the one membership page).
 */
export const HEADER_LINKS = [
  { label: 'About', path: '/about' },
  { label: 'Political Candidates', path: '/membership' },
  { label: 'Activists & Organizations', path: '/membership' },
  { label: 'Search', path: '/search' },
  { label: 'Promotional Items', path: '/merchandise' },
  { label: 'Merchandising', path: '/merchandise/products' },
];

/** A visitor's sign-in links (docs/product/spec.md §2): in the bar from md, in the side menu below 80em. */
export const GUEST_LINKS = [
  { label: 'Log In', path: '/api/auth/signin' },
  { label: 'Signup', path: '/signup' },
  { label: 'Signin', path: '/auth/signin' },
];

/** Matches an href that is `path` itself, optionally followed by a #fragment. */
export function hrefTo(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(#[\\w-]+)?$`);
}
