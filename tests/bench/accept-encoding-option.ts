/** What Chromium sends (docs/decisions/0057-bench-ssr-measures-what-browsers-receive.md). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The Accept-Encoding a bench sends, from BENCH_ACCEPT_ENCODING: unset, the bench's own default;
 * `none`, no header; any other value, sent as it is.
 */
export function acceptEncodingOption(value: string | undefined, fallback?: string): string | undefined {
  const requested = value?.trim() || fallback;
  return requested === 'none' ? undefined : requested;
}
