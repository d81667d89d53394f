import type { Hono } from 'hono';
import superjson from 'superjson';
import { searchBoxPeople } from '../modules/people/box-search';
import { searchUsersInput } from '../modules/people/schema';
import type { AppEnv } from '../platform/env';
import { withKnownTextBody } from '../platform/text-bodies';
import { tooLarge } from './body-text';
import { fastPathInput } from './fast-path-input';

/**
 * The header search box's call answered without the tRPC machinery: every keystroke a visitor
 * pauses on sends one, and most are answered from the result cache, where tRPC's per-call work
 * (abort signals, context, middleware chain, response shaping) was most of the cost. bench:
 * search-load measured the box at under half the rate of the /search page over the same searches
 * (docs/decisions/0061-search-box-fast-path.md). The same call (same schema, same input guard,
 * same search through api/modules/people/box-search.ts) answers here in tRPC's own wire format:
 * POST /api/trpc/users.searchUsersByName with {"json": input} → {"result":{"data":{"json": output}}},
 * as the box's client sends it (site/lib/trpc.ts: httpLink, methodOverride POST).
 *
 * Anything else falls through to the tRPC router, which answers it as before: a GET, a body
 * superjson had to annotate (`meta`), input the schema refuses or the guard finds hostile (tRPC's
 * 400 with field errors), and a search that failed (a read: the router runs it again and answers
 * its own error).
 */
const MAX_BODY_BYTES = 8 * 1024;

export function registerPeopleSearchBoxFastPath(app: Hono<AppEnv>) {
  app.post('/api/trpc/users.searchUsersByName', async (c, next) => {
    const body = await fastPathInput(c, MAX_BODY_BYTES);
    if (body.kind === 'too large') return tooLarge(c);
    if (body.kind === 'router') return next();
    const parsed = searchUsersInput.safeParse(body.input);
    if (!parsed.success) return next();
    let people: Awaited<ReturnType<typeof searchBoxPeople>>;
    try {
      people = await searchBoxPeople(c.get('db'), parsed.data, c.get('user')?.id ?? null);
    } catch {
      return next();
    }
    const answer = JSON.stringify({ result: { data: superjson.serialize(people) } });
    return withKnownTextBody(c, c.body(answer, 200, { 'Content-Type': 'application/json' }), answer);
  });
}
