/**
 * How each island's code reaches the browser (docs/decisions/0027-javascript-weight.md). site/client.ts loads by these rules
 * and site/server/assets.ts preloads by the same ones, so a page links exactly what it will run.
 *
 * - A mounted island's file exports `mount(element, props)` and no component: the browser runs it
 *   at load without React. The tracker renders nothing and the side menu only opens and closes:
 *   neither ever needs React. The search box, the cart button and a product page's Add to cart
 *   hydrate on first use (site/lib/hydrate-on-first-use.ts), the cart button at once when the
 *   stored cart has items.
 *   Their server components are in site/islands/registry.ts.
 * - Every other island is hydrated with React at load. Those that fetch through react-query are
 *   wrapped in the page's one QueryClient; the ones listed below fetch nothing that way, so a page
 *   made only of them never downloads react-query or the tRPC client.
 *   site/lib/island-loading.test.ts keeps the list equal to the islands whose imports never reach
 *   react-query.
 */
export const MOUNTED_ISLANDS: ReadonlySet<string> = new Set([
  'AddToCart',
  'CartButton',
  'SearchBox',
  'SideMenu',
  'Tracker',
]);

export const ISLANDS_WITHOUT_QUERY_CLIENT: ReadonlySet<string> = new Set([
  'AddToCart',
  'CartButton',
  'CartCleaner',
  'ContactForm',
  'DonationForm',
  'LogOutButton',
  'MessageBadge',
  'OrderStatusForm',
  'ProfileImageUpload',
  // It loads its own data client, with the shared QueryClient, on first focus (site/lib/people-search-query.tsx).
  'SearchBox',
  'SideMenu',
  'SignInForm',
  'Tracker',
]);

/**
 * Mounted islands whose browser script reads nothing but the markup the server drew: their props
 * are for the server's render only, and are not written into the page (the side menu's links,
 * ~1.3 KB on every page, are already there as links).
 */
const ISLANDS_WITHOUT_BROWSER_PROPS: ReadonlySet<string> = new Set(['SideMenu']);

/** Hydrated with React as soon as the page loads. */
export const hydratesAtLoad = (island: string) => !MOUNTED_ISLANDS.has(island);
export const needsQueryClient = (island: string) => !ISLANDS_WITHOUT_QUERY_CLIENT.has(island);
export const sendsPropsToBrowser = (island: string) => !ISLANDS_WITHOUT_BROWSER_PROPS.has(island);
