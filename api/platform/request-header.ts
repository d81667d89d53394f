import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header by its lower-case name. Under @hono/node-server it is read from Node's own
 * parsed headers: the first `c.req.header()` of a request builds a web Headers object from all
 * of them, which was a measurable part of a plain route's cost (issue 17) and which most
 * requests never otherwise need. Repeated headers are joined as Node joins them (cookies with
 * "; ", others with ", "). Elsewhere (app.request() in tests) it is `c.req.header()`.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  // Tests may pass an env with only a socket (`{ incoming: { socket } }`): no headers there.
  const headers = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
