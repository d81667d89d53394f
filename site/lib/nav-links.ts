/** The header's links (docs/product/spec.md §2, "Header"), shared by the desktop bar and the side menu. */
export interface NavLink {
  href: string;
  label: string;
}

export const HEADER_LINKS: NavLink[] = [
  { href: '/about', label: 'About' },
  { href: '/membership#political-candidates', label: 'Political Candidates' },
  { href: '/membership#activists-organizations', label: 'Activists & Organizations' },
  { href: '/search', label: 'Search' },
  { href: '/merchandise', label: 'Promotional Items' },
  { href: '/merchandise/products', label: 'Merchandising' },
];

/** Added to the side menu for signed-in users. */
export const SIGNED_IN_SIDE_LINKS: NavLink[] = [
  { href: '/jobs', label: 'Job Marketplace' },
  { href: '/messaging', label: 'Messaging' },
];

export const GUEST_LINKS: NavLink[] = [
  { href: '/api/auth/signin', label: 'Log In' },
  { href: '/signup', label: 'Signup' },
  { href: '/auth/signin', label: 'Signin' },
];
