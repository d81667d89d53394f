import { signIn } from './bench-server';

/**
 * One page the SSR benchmark loads, and how it is judged: `middleware` and `cached` by their share
 * of the ceiling (only `cached` has a goal, docs/decisions/0084-one-bench-command.md), the others
 * by their own figures.
 */
export interface Target {
  name: string;
  path: string;
  /** A signed-in member's Cookie header; visitors send none. */
  cookie?: string;
  goal: 'middleware' | 'cached' | 'search' | 'signed-in';
}

/**
 * The pages of issue 17's table: `/text` through our middleware, the cached visitor pages, search
 * and three signed-in pages (the ceiling, raw Hono, is another process). The product and profile
 * paths are read from the seeded site itself.
 */
export async function ssrTargets(base: string): Promise<Target[]> {
  const catalog = await (await fetch(`${base}/merchandise`)).text();
  const product = catalog.match(/href="(\/merchandise\/products\/[a-z0-9-]+)"/)?.[1];
  if (!product) throw new Error('No product link on /merchandise: is the demo data seeded?');
  const search = await (await fetch(`${base}/search?q=rivera`)).text();
  let profile = search.match(/href="(\/profile\/[^"/]+\/\d+)"/)?.[1];
  if (!profile) {
    // Visitors' search may list no links; the member's own id is in the profile redirect.
    const me = await fetch(`${base}/profile/member/1`, { redirect: 'manual' });
    profile = me.headers.get('location') ?? '/profile/member/1';
  }
  const cookie = await signIn(base, 'member@demo.campaignhq.test');
  return [
    { name: '/text', path: '/text', goal: 'middleware' },
    { name: '/', path: '/', goal: 'cached' },
    { name: '/merchandise', path: '/merchandise', goal: 'cached' },
    { name: 'product page', path: product, goal: 'cached' },
    { name: 'profile', path: profile, goal: 'cached' },
    { name: '/settings (member)', path: '/settings', cookie, goal: 'signed-in' },
    { name: '/messaging (member)', path: '/messaging', cookie, goal: 'signed-in' },
    { name: '/notifications (member)', path: '/notifications', cookie, goal: 'signed-in' },
    // Last: on PGlite its backlog (timeouts) would still hold the database for the next target.
    { name: '/search?q=grant', path: '/search?q=grant', goal: 'search' },
  ];
}

/**
 * BENCH_ONLY=settings,messaging: the targets whose names contain one of those; unset, the ones
 * `byDefault` keeps (all of them unless a bench says otherwise).
 */
export function onlyTargets(targets: Target[], only: string | undefined, byDefault = (_: Target) => true) {
  const parts = (only ?? '').split(',').filter(Boolean);
  return targets.filter((target) =>
    parts.length === 0 ? byDefault(target) : parts.some((part) => target.name.includes(part)),
  );
}
