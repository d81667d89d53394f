import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../modules/errors';
import type { Cursor } from '../../../modules/lists/keyset';
import { decodeCursor, encodeCursor } from './signed-cursors';

const scope = { secret: 'a'.repeat(43), resource: 'all-users', column: 'created_at' };
const cursor: Cursor = { key: '2026-11-29 09:15:00.123456+00', type: 'timestamp with time zone', id: 42 };

describe('signed keyset cursors', () => {
  it('read back the cursor the server gave out for the same list and column', () => {
    expect(decodeCursor(encodeCursor(cursor, scope), 'after', scope)).toEqual(cursor);
    const nulls: Cursor = { key: null, type: 'text', id: 'AK' };
    expect(decodeCursor(encodeCursor(nulls, scope), 'before', scope)).toEqual(nulls);
  });

  it('refuse a cursor given out for another column, list or secret, as the field that sent it', () => {
    const given = encodeCursor(cursor, scope);
    for (const other of [
      { ...scope, column: 'email' },
      { ...scope, resource: 'employees' },
      { ...scope, secret: 'b'.repeat(43) },
    ]) {
      expect(() => decodeCursor(given, 'after', other)).toThrow(ValidationError);
    }
    expect(() => decodeCursor(given, 'before', { ...scope, column: 'email' })).toThrow(
      expect.objectContaining({ fieldErrors: { before: ['is not a cursor this list gave out'] } }),
    );
  });

  it('refuse a cursor whose value was rewritten or whose signature is missing', () => {
    const [, signed] = encodeCursor(cursor, scope).split('.');
    const rewritten = Buffer.from(JSON.stringify(['abc', 'integer', 42])).toString('base64url');
    for (const raw of [`${rewritten}.${signed}`, rewritten, `${rewritten}.`, `.${signed}`, '', 'a.b.c']) {
      expect(() => decodeCursor(raw, 'after', scope), raw).toThrow(ValidationError);
    }
  });
});
