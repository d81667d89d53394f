/**
 * Keeps redirects on our own site: a relative path, or an absolute URL of our own origin
 * (reduced to its path). Anything else, including `//evil.example` and `/\evil.example`,
 * becomes the fallback.
 */
export function safeCallbackUrl(raw: unknown, appUrl: string, fallback = '/'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(raw, appUrl);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(appUrl).origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
