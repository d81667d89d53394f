import autocannon, { type Result } from 'autocannon';
import { acceptEncodingOption, BROWSER_ACCEPT_ENCODING } from './accept-encoding-option';
import { BenchError } from './production-server';

/** How the HTTP benches load a page (`npm run bench -- ssr`, `paired-commits`). */

export const CONNECTIONS = 100;

/**
 * What Chromium sends, so pages are measured as visitors receive them (the visitor cache answers
 * the gzip it made once; rendered pages are compressed per request). Unset, this; `none`, no
 * header, every page uncompressed: an 18 KB page then tires the bench's own autocannon (a whole
 * core) before the server (docs/decisions/0057-bench-ssr-measures-what-browsers-receive.md). The
 * raw Hono ceiling's two-byte answer is the same either way.
 */
export const ACCEPT_ENCODING = acceptEncodingOption(
  process.env.BENCH_ACCEPT_ENCODING,
  BROWSER_ACCEPT_ENCODING,
);

function assertLoopback(url: string) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
    throw new BenchError(`Refusing to load a non-loopback target: ${url}`);
  }
}

/** `url` at CONNECTIONS connections for `seconds`, as `cookie`'s member when one is given. */
export async function load(
  url: string,
  cookie: string | undefined,
  seconds: number,
  warmUp = false,
): Promise<Result> {
  assertLoopback(url);
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, timeout: 10 });
  // Timeouts are a result (reported in the table), not a failure; wrong answers are.
  if (result.non2xx > 0 || (!warmUp && result.requests.total === 0 && result.timeouts === 0)) {
    throw new BenchError(
      `${url}: ${result.non2xx} non-2xx answers of ${result.requests.total} (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return result;
}
