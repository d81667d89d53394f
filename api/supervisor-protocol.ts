/** What api/main.ts and api/supervisor.ts tell each other over the cluster IPC channel. */

/** EX_CONFIG (sysexits.h): the worker refused its configuration; starting it again cannot help. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/** Set by the supervisor on a warm standby: a worker that has loaded the code and waits. */
export const STANDBY_ENV = 'CAMPAIGN_HQ_STANDBY';

export type WorkerMessage = { type: 'listening' } | { type: 'standing-by' };
export type SupervisorMessage = { type: 'promote' };

/** Tells a supervisor (when there is one) that this worker serves requests. */
export function reportListening() {
  process.send?.({ type: 'listening' } satisfies WorkerMessage);
}

/**
 * A standby resolves once the supervisor promotes it (its predecessor died); any other process
 * at once. Importing the app's modules is most of a cold start, so a standby that has done it
 * answers within a second of a crash on PostgreSQL.
 */
export function waitUntilPromoted(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env[STANDBY_ENV] !== '1' || !process.connected) return Promise.resolve();
  process.send?.({ type: 'standing-by' } satisfies WorkerMessage);
  return new Promise((resolve) => {
    const orphaned = () => process.exit(0);
    const onMessage = (message: SupervisorMessage) => {
      if (message?.type !== 'promote') return;
      process.off('message', onMessage);
      process.off('disconnect', orphaned);
      resolve();
    };
    process.on('message', onMessage);
    process.once('disconnect', orphaned);
  });
}

/** A worker whose supervisor is gone (killed, crashed) must not keep the port and the data. */
export function stopWhenOrphaned(stop: () => void) {
  if (process.connected) process.once('disconnect', stop);
}
