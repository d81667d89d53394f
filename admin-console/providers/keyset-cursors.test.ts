import { describe, expect, it } from 'vitest';
import { KeysetCursors } from './keyset-cursors';

/** Which cursor the console sends for a page: Next after the page before, Previous before the page after. */
describe('KeysetCursors', () => {
  it('asks for the rows after the previous page, or before the next one, else none (OFFSET)', () => {
    const cursors = new KeysetCursors();
    cursors.remember('list', 0, 'a0 z0');
    expect(cursors.cursorFor('list', 25, 25)).toEqual({ after: 'z0' });
    cursors.remember('list', 100, 'a100 z100');
    expect(cursors.cursorFor('list', 75, 25)).toEqual({ before: 'a100' });
    expect(cursors.cursorFor('list', 50, 25)).toBeNull();
    expect(cursors.cursorFor('another sort', 25, 25)).toBeNull();
  });

  it('forgets a page that came back empty', () => {
    const cursors = new KeysetCursors();
    cursors.remember('list', 0, 'a0 z0');
    cursors.remember('list', 0, null);
    expect(cursors.cursorFor('list', 25, 25)).toBeNull();
  });
});
