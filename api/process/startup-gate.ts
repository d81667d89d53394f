import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readiness } from './readiness';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A start-up longer than this (a long migration) answers held requests 503 rather than hang. */
const HOLD_MS = 30_000;
const MAX_HELD = 1_000;

/**
 * The server listens before the app is built, so that /healthz and /readyz can say "starting"
 * (503) while migrations run instead of refusing connections. Any other request is held until
 * the app opens the gate and then served: under several workers the primary hands connections to
 * every listening worker, and a replacement still starting must not refuse the ones it gets
 * (docs/decisions/0038-several-workers-and-instances.md).
 */
export function startupGate(readiness: Readiness, holdMs = HOLD_MS) {
  let target: Listener | null = null;
  const held = new Set<{ req: IncomingMessage; res: ServerResponse; timer: NodeJS.Timeout }>();

  function unavailable(res: ServerResponse, body: Record<string, unknown>) {
    res.writeHead(503, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Retry-After': '5',
    });
    res.end(JSON.stringify(body));
  }

  const listener: Listener = (req, res) => {
    if (target) return target(req, res);
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz' || path === '/readyz' || held.size >= MAX_HELD) {
      return unavailable(res, { ready: false, status: readiness.state, step: readiness.step });
    }
    const entry = {
      req,
      res,
      timer: setTimeout(() => {
        held.delete(entry);
        unavailable(res, {
          error: { code: 'STARTING', message: 'The server is starting; try again shortly.' },
        });
      }, holdMs),
    };
    held.add(entry);
    res.once('close', () => {
      clearTimeout(entry.timer);
      held.delete(entry);
    });
  };

  return {
    listener,
    /** From now on every request goes to `next`, the held ones first. */
    open(next: Listener) {
      target = next;
      for (const entry of held) {
        clearTimeout(entry.timer);
        next(entry.req, entry.res);
      }
      held.clear();
    },
  };
}
