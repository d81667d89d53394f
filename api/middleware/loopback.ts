import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Headers a proxy adds; a request carrying one may come from anywhere, whatever its socket says. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * True when the request comes from this machine directly: the socket's peer is a loopback address
 * and no proxy header is present (a reverse proxy on the same host would make every visitor look
 * local). A request without a socket (app.request() in tests) is not local.
 */
export function isDirectLoopbackRequest(c: Context): boolean {
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  return isLoopbackAddress(address);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}
