import { createJobsPort, type JobsPort } from '../../api/ports/queue';
import type { DbHandle } from '../../db/client';

/** A queue over a test database that works only what a test registers, polling every 0.5 s. */
export function testJobs(database: DbHandle, options: { supervise?: boolean } = {}): JobsPort {
  return createJobsPort(database, { supervise: options.supervise ?? false, pollingIntervalSeconds: 0.5 });
}

/** Polls `read` until `done` holds for its value (or throws after `timeoutMs`). */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A promise a test opens when it wants a waiting job to go on. */
export function latch() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
