/**
 * The one check for every redirect target that comes from a request (callbackUrl on sign-in,
 * sign-out and setup, a Referer sent back to): the answer is always a path on our own site.
 *
 * Accepted: a path starting with exactly one `/`, or an absolute URL of our own origin (reduced to
 * its path). Refused, in favour of `fallback`: other origins and schemes, `//` and `/\` (browsers
 * read both as "another host"), backslashes anywhere, and control characters anywhere. Browsers
 * silently drop tabs and newlines from URLs, so `/\t/evil.example` becomes `//evil.example`, and a
 * raw CR or LF in a Location header is a 500; both are checked again after each round of
 * percent-decoding, since a proxy or a second page may decode once more.
 *
 * The result is the path as the URL parser serializes it (percent-encoded ASCII), so it is always
 * safe to put in a Location header or an href.
 */
export function safeRedirect(raw: unknown, appUrl: string, fallback = '/'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return fallback;
  const origin = new URL(appUrl).origin;
  const candidate = raw.startsWith('/') ? raw : sameOriginPath(raw, origin);
  if (candidate === null || !isPlainLocalPath(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainLocalPath(path) ? path : fallback;
}

const MAX_LENGTH = 2000;
/** Decoding rounds checked: enough for double encoding (`%252F`), bounded so input cannot loop us. */
const DECODE_ROUNDS = 3;
/** C0/C1 controls and DEL, invisible format characters (bidi overrides, zero-width) and line/paragraph separators. */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\\]/u;

/** An absolute URL of our own origin, as its path; anything else (other hosts, schemes, relative paths) null. */
function sameOriginPath(raw: string, origin: string): string | null {
  if (!/^https?:\/\//i.test(raw) || UNSAFE_CHARACTER.test(raw)) return null;
  try {
    const url = new URL(raw);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** One leading slash, and neither the text nor any decoding of it hides another host or a control character. */
function isPlainLocalPath(path: string): boolean {
  let text = path;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (!text.startsWith('/') || text.startsWith('//') || UNSAFE_CHARACTER.test(text)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return false; // malformed escapes: no meaning we could vouch for
    }
    if (decoded === text) return true;
    text = decoded;
  }
  return false;
}
