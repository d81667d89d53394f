import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ValidationError } from '../../../modules/errors';
import { type Cursor, KEY_TYPES } from '../../../modules/lists/keyset';

/**
 * Keyset cursors as the console receives them: base64url JSON of [key, type, id] (keyset.ts), a
 * dot, and HMAC-SHA256 under the app secret of the list and sort column it was given out for
 * (docs/decisions/0070-signed-keyset-cursors.md). The key is cast back to the column's type in
 * SQL, so a cursor holding a value of another type, or one given out for another sort column,
 * would reach PostgreSQL as a type error; signed, any cursor the server did not give out for this
 * list and column is refused before a query is built.
 */

/** What a cursor is valid for: the list (its REST resource) and the column it was sorted by. */
export interface CursorScope {
  secret: string;
  resource: string;
  column: string;
}

const cursorSchema = z.tuple([
  z.string().max(1000).nullable(),
  z.enum(KEY_TYPES),
  z.union([z.string().max(200), z.number()]),
]);

function signature(scope: CursorScope, payload: string): string {
  return createHmac('sha256', scope.secret)
    .update(`keyset-cursor\n${scope.resource}\n${scope.column}\n${payload}`)
    .digest('base64url');
}

export function encodeCursor(cursor: Cursor, scope: CursorScope): string {
  const payload = Buffer.from(JSON.stringify([cursor.key, cursor.type, cursor.id])).toString('base64url');
  return `${payload}.${signature(scope, payload)}`;
}

/** A cursor from the query string; one this list and column did not give out is `field`'s error. */
export function decodeCursor(raw: string, field: string, scope: CursorScope): Cursor {
  const refused = new ValidationError({ [field]: ['is not a cursor this list gave out'] });
  const [payload, signed, ...rest] = raw.split('.');
  if (!payload || !signed || rest.length > 0) throw refused;
  const expected = Buffer.from(signature(scope, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  try {
    // Signed by this server, so well formed; checked anyway so that the types below hold.
    const [key, type, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    return { key, type, id };
  } catch {
    throw refused;
  }
}
