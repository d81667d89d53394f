import type { Context } from 'hono';
import { findHostileInput } from '../middleware/input-guard';
import type { AppEnv } from '../platform/env';
import { bodyText } from './body-text';

/** What a fast path makes of a tRPC call's body (POST /api/trpc/<path> with {"json": input}). */
export type FastPathInput =
  | { kind: 'input'; input: unknown }
  /** Over the fast path's limit: answered 413 there. */
  | { kind: 'too large' }
  /** Not plain JSON without superjson `meta`, or hostile: the tRPC router answers it as usual. */
  | { kind: 'router' };

/**
 * The raw input of a call a fast path may answer (api/routes/tracking-fast-path.ts,
 * api/routes/people-search-box-fast-path.ts). Hostile input is left to tRPC's input guard even
 * where the fast path's schema would strip it, so every procedure answers it alike.
 */
export async function fastPathInput(c: Context<AppEnv>, maxBytes: number): Promise<FastPathInput> {
  const text = await bodyText(c, maxBytes);
  if (text === null) return { kind: 'too large' };
  let body: { json?: unknown; meta?: unknown } | null;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { kind: 'router' };
  }
  if (body === null || typeof body !== 'object' || body.meta !== undefined) return { kind: 'router' };
  if (findHostileInput(body.json)) return { kind: 'router' };
  return { kind: 'input', input: body.json };
}
