import { describe, expect, it } from 'vitest';
import { findCycles, foldersOf, type ImportGraph } from './import-graph';

/**
 * The cycle finder that `npm run lint` runs over the project (check-imports.ts); here on small
 * graphs, so a broken finder cannot pass the project's check by finding nothing.
 */
const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('finding cycles', () => {
  it('finds a file cycle and leaves a chain alone', () => {
    expect(findCycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(findCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
  });

  it('finds a folder cycle made of files that form no file cycle', () => {
    const files = graphOf({
      'api/doors/rest/index.ts': ['api/doors/rest/resources/coupons.ts'],
      'api/doors/rest/resources/coupons.ts': ['api/doors/rest/lists.ts'],
      'api/doors/rest/lists.ts': [],
    });
    expect(findCycles(files)).toEqual([]);
    expect(findCycles(foldersOf(files))).toEqual([['api/doors/rest', 'api/doors/rest/resources']]);
  });

  it('does not count a test beside the code as part of the layering', () => {
    const files = graphOf({
      'db/client.test.ts': ['tests/factories/test-db.ts'],
      'tests/factories/test-db.ts': ['db/client.ts'],
      'db/client.ts': [],
    });
    expect(findCycles(foldersOf(files))).toEqual([]);
  });
});
