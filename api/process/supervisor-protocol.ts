import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What api/main.ts and api/process/supervisor.ts tell each other over the cluster IPC channel. */

/** EX_CONFIG (sysexits.h): the worker refused its configuration; starting it again cannot help. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/** Set by the supervisor on a warm standby: a worker that has loaded the code and waits. */
export const STANDBY_ENV = 'CAMPAIGN_HQ_STANDBY';

/**
 * Set by the supervisor on its workers: the supervisor holds the port and passes each connection
 * over IPC (api/process/supervisor-listener.ts), so the worker does not listen itself.
 */
export const SUPERVISOR_PORT_ENV = 'CAMPAIGN_HQ_SUPERVISOR_PORT';

export type WorkerMessage = { type: 'listening' } | { type: 'standing-by' } | { type: 'accepting' };
export type SupervisorMessage = { type: 'promote' } | { type: 'connection' };

/** Whether this process gets its connections from a supervisor instead of listening. */
export function connectionsFromSupervisor(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[SUPERVISOR_PORT_ENV] === '1' && process.connected;
}

/** The connections a worker got from its supervisor. */
export interface PassedConnections {
  /** Resolves once every connection passed so far has closed (its requests answered). */
  drained(): Promise<void>;
}

/**
 * Serves the connections the supervisor passes with `server` (its requests are held by the
 * start-up gate until the app is ready, as a listening worker's would be), and tells the
 * supervisor to send them. Node counts only connections a server accepted itself, so
 * `server.close()` alone would not wait for these: `drained()` does.
 */
export function acceptFromSupervisor(server: Server): PassedConnections {
  const open = new Set<Socket>();
  const waiting: (() => void)[] = [];
  let closing = false;
  server.once('close', () => {
    closing = true;
  });
  // Node's HTTP server starts its bookkeeping of connections (idle ones closed on stop, header and
  // request timeouts) when it starts listening; this one listens on nothing, so it is told.
  server.emit('listening');
  process.on('message', (message: SupervisorMessage, socket?: Socket) => {
    if (message?.type !== 'connection' || !socket) return;
    // Passed while this worker stops: the supervisor stopped listening, so it is the last few.
    if (closing) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) for (const resolve of waiting.splice(0)) resolve();
    });
    server.emit('connection', socket);
    // The supervisor took it paused, so that no byte was read before it got here.
    socket.resume();
  });
  process.send?.({ type: 'accepting' } satisfies WorkerMessage);
  return {
    drained: () =>
      open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
  };
}

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
