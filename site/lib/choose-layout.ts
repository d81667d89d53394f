/**
 * Which chrome a path gets (docs/product/spec.md §2, "Layout choice"). Pure functions so the
 * rules are unit-tested and every page asks the same place.
 */
export type LayoutKind = 'home' | 'bare' | 'admin' | 'standard';
export type FooterKind = 'merchandise' | 'default';
export type LogoTone = 'dark' | 'light';

export interface LayoutChoice {
  layout: LayoutKind;
  footer: FooterKind;
  logo: LogoTone;
}

/** The pages under the home navbar (the header over a band); exported for the header contrast spec. */
export const HOME_NAVBAR_PREFIXES = [
  '/about',
  '/search',
  '/merchandise',
  '/membership',
  '/candidate-ranking',
  '/vision-and-values',
  '/shipping-options',
  '/returns',
  '/quality-assurance',
  '/faq',
  '/contact',
  '/career',
  '/press',
  '/order-status',
  '/affiliates',
  '/terms-of-service',
  '/feedback',
  '/privacy-policy',
  '/social-media',
];

const BARE_PATHS = [
  '/setup',
  '/signup',
  '/auth/reset-password',
  '/auth/signin',
  '/auth/two-factor',
  '/api/auth/signin',
  '/ordersuccess',
  '/orderfailed',
  '/serviceordersuccess',
  '/404',
  '/blocked',
  '/auth/verify-email',
  '/social-media/create-post',
  '/unsubscribe',
  // The test gateway's hosted payment pages, bare as a provider's checkout: no site navigation and
  // no sign-out form before the card form (docs/decisions/0073-payments-pay-once.md).
  '/pay',
];

/** True when `path` is `prefix` itself or a sub-path of it (`/merch` does not match `/merchandise`). */
export function pathIsUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** docs/product/rulings.md: "containing admin" means `/admin` and below, not any path with the letters in it. */
export function isAdminPath(path: string): boolean {
  return pathIsUnder(path, '/admin');
}

export function chooseLayout(rawPath: string, signedIn: boolean): LayoutChoice {
  const path = normalizePath(rawPath);
  return { layout: layoutFor(path, signedIn), footer: footerFor(path), logo: logoFor(path) };
}

function layoutFor(path: string, signedIn: boolean): LayoutKind {
  if (isAdminPath(path)) return 'admin';
  if (path === '/') return 'home';
  // Checked before the home-navbar list: /social-media/create-post is bare although /social-media is not.
  if (BARE_PATHS.some((p) => pathIsUnder(path, p)) || path.startsWith('/donate')) return 'bare';
  if (path.startsWith('/versus/contrast-page')) return signedIn ? 'standard' : 'bare';
  if (HOME_NAVBAR_PREFIXES.some((p) => pathIsUnder(path, p))) return 'home';
  return 'standard';
}

function footerFor(path: string): FooterKind {
  return pathIsUnder(path, '/merchandise') || pathIsUnder(path, '/cart') ? 'merchandise' : 'default';
}

function logoFor(path: string): LogoTone {
  if (pathIsUnder(path, '/merchandise') && !pathIsUnder(path, '/merchandise/products')) return 'dark';
  if (['/privacy-policy', '/terms-of-service', '/social-media'].some((p) => pathIsUnder(path, p)))
    return 'dark';
  return 'light';
}

export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return trimmed === '' ? '/' : trimmed;
}
