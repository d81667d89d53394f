import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { findHostileInput } from './input-guard';

/** Why a form post was refused before its route read it. */
export type FormRefusal = 'hostile' | 'unreadable';

export const UNREADABLE_FORM_MESSAGE = 'The form could not be read. Go back and send it again.';

const mediaTypeOf = (c: Context<AppEnv>) => c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();

/**
 * The input guard (input-guard.ts) for HTML form posts, which reach neither tRPC nor REST, and the
 * one place a form body is first read. A NUL byte or a lone surrogate in a field is refused here,
 * before any route reads it, instead of being caught as a PostgreSQL data error after a query
 * already ran. A multipart body that does not parse (no boundary, a wrong one, cut short) is
 * refused here too, instead of throwing in whichever route called parseBody (a 500, issue 41).
 *
 * Urlencoded bodies are read from a clone of at most the form body limit, leaving the route's own
 * parseBody untouched. Multipart bodies are parsed once through Hono's request, which keeps the
 * parsed form for the route's parseBody and tRPC's adapter; the body limit ran before this.
 */
export function formInputGuard(
  refuse: (c: Context<AppEnv>, refusal: FormRefusal) => Response | Promise<Response>,
) {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const mediaType = mediaTypeOf(c);
    let fields: Record<string, unknown>;
    if (mediaType === 'application/x-www-form-urlencoded') {
      fields = Object.fromEntries(new URLSearchParams(await c.req.raw.clone().text()));
    } else if (mediaType === 'multipart/form-data') {
      const parsed = await c.req.parseBody({ all: true }).catch(() => null);
      if (!parsed) return refuse(c, 'unreadable');
      // Files are bytes, not text; their names are checked like any other value.
      fields = Object.fromEntries(
        Object.entries(parsed).map(([key, value]) => [
          key,
          (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : v.name)),
        ]),
      );
    } else {
      return next();
    }
    if (findHostileInput(fields)) return refuse(c, 'hostile');
    return next();
  };
  return handler;
}
