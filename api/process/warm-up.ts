import type { Db } from '../../db/client';
import { getReferenceLists } from '../modules/reference-options/service';
import { blockedIps } from '../modules/security/blocked-ips';
import { log } from '../platform/logger';

/**
 * Fills this process's caches before it reports ready, so that its first visitors do not pay for
 * them: the blocked-address list the guard reads on every request, the reference lists profiles
 * show, and one render of the home page (React's server paths compiled, the visitor page cached).
 * A failure here is logged, not fatal: the caches fill on first use instead.
 */
export async function warmUp(
  app: { request(path: string): Response | Promise<Response> },
  db: Db,
): Promise<void> {
  try {
    await Promise.all([blockedIps(db), getReferenceLists(db)]);
    const home = await app.request('/');
    await home.arrayBuffer();
  } catch (error) {
    log.warn('warming the caches failed; they fill on first use', error);
  }
}
