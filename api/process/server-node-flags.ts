/**
 * V8 flags every server process runs with (docs/decisions/0046-young-generation-for-concurrency.md).
 *
 * A young generation of 64 MB semi-spaces instead of V8's 16 MB: under 100 concurrent requests,
 * each holding its objects for tens of milliseconds, scavenges every ~20 ms promoted most of a
 * request's objects to the old generation, which then needed a mark-compact every two seconds.
 * With 64 MB, scavenges are a quarter as frequent, short-lived objects die young, and the
 * signed-in page's p99 fell from 144–188 ms to 105–124 ms in the measurements of 0046.
 */
export const SEMI_SPACE_MB = 64;

const SEMI_SPACE_FLAG = '--max-semi-space-size';

/** The flags to add, unless the operator already chose a size (on the command line or in NODE_OPTIONS). */
export function serverNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some(
    (arg) => arg === SEMI_SPACE_FLAG || arg.startsWith(`${SEMI_SPACE_FLAG}=`),
  );
  return chosen ? [] : [`${SEMI_SPACE_FLAG}=${SEMI_SPACE_MB}`];
}
