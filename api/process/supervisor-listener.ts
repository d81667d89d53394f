import type { Worker } from 'node:cluster';
import { createServer, type Socket } from 'node:net';
import type { SupervisorMessage } from './supervisor-protocol';

/**
 * The supervisor's listening socket (docs/decisions/0072-crashes-mass-email-resumes-and-port-stays-open.md).
 * node:cluster closed the port when its last worker died, so while every worker was being replaced
 * visitors were refused (8.1 s when both of two workers were killed at once). Here the supervisor
 * listens for as long as it runs and hands each connection to the workers that accept, in turn
 * (what cluster's round robin did); while none does, connections wait, as they would in the
 * backlog of a busy server, for up to HOLD_MS and at most MAX_HELD at once.
 */
export const HOLD_MS = 30_000;
export const MAX_HELD = 1_000;

export interface ConnectionDispatcher {
  /** The worker takes connections from now on (it said so: api/process/supervisor-protocol.ts). */
  accepting(worker: Worker): void;
  /** The worker died or stops: it takes no more. */
  gone(worker: Worker): void;
  /** Stops listening (a stop signal): connections still waiting are closed. */
  close(): void;
}

export interface DispatcherOptions {
  port: number;
  host: string;
  holdMs?: number;
  maxHeld?: number;
}

/** Listens on the port; resolves once it does (rejects when the port is taken). */
export function listenForWorkers(options: DispatcherOptions): Promise<ConnectionDispatcher> {
  const holdMs = options.holdMs ?? HOLD_MS;
  const maxHeld = options.maxHeld ?? MAX_HELD;
  const workers: Worker[] = [];
  const held = new Map<Socket, NodeJS.Timeout>();
  let turn = 0;

  const nextWorker = () => {
    const live = workers.filter((worker) => worker.isConnected());
    return live.length === 0 ? null : live[turn++ % live.length];
  };

  function hold(socket: Socket) {
    if (held.size >= maxHeld) {
      socket.destroy();
      return;
    }
    held.set(
      socket,
      setTimeout(() => {
        held.delete(socket);
        socket.destroy();
      }, holdMs),
    );
    socket.once('close', () => {
      clearTimeout(held.get(socket));
      held.delete(socket);
    });
  }

  function dispatch(socket: Socket) {
    const worker = nextWorker();
    if (!worker) {
      hold(socket);
      return;
    }
    // The socket stays paused until the worker has it; after the send this process closes its copy.
    worker.send({ type: 'connection' } satisfies SupervisorMessage, socket, (error) => {
      if (error && !socket.destroyed) dispatch(socket);
    });
  }

  const server = createServer({ pauseOnConnect: true }, dispatch);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        accepting(worker) {
          if (!workers.includes(worker)) workers.push(worker);
          const waiting = [...held.keys()];
          for (const socket of waiting) {
            clearTimeout(held.get(socket));
            held.delete(socket);
            socket.removeAllListeners('close');
            dispatch(socket);
          }
        },
        gone(worker) {
          const index = workers.indexOf(worker);
          if (index >= 0) workers.splice(index, 1);
        },
        close() {
          server.close();
          for (const socket of held.keys()) socket.destroy();
        },
      });
    });
  });
}
