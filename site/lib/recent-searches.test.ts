import { describe, expect, it } from 'vitest';
import { profilePath } from '../../api/contract/person-names';
import {
  addRecentSearch,
  MAX_RECENT_SEARCHES,
  parseRecentSearches,
  personPath,
  type RecentSearch,
  removeRecentSearch,
} from './recent-searches';

const entry = (id: number, firstname = `First${id}`): RecentSearch => ({
  id,
  firstname,
  lastname: 'Doe',
  orgname: null,
  profileimage: null,
});

describe('recent searches', () => {
  it('ignores stored values that are not a list of entries', () => {
    for (const raw of [null, '', '{', 'null', '42', '{"id":1}', '"x"'])
      expect(parseRecentSearches(raw)).toEqual([]);
  });

  it('keeps well-formed entries only, without duplicates, at most five', () => {
    const stored = [
      entry(1),
      { id: 'x' },
      null,
      entry(1, 'Again'),
      entry(2),
      entry(3),
      entry(4),
      entry(5),
      entry(6),
    ];
    const parsed = parseRecentSearches(JSON.stringify(stored));
    expect(parsed.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(parsed[0]?.firstname).toBe('First1');
  });

  it('puts the newest first, drops the older copy of the same id and caps the list', () => {
    let list: RecentSearch[] = [];
    for (let id = 1; id <= 7; id++) list = addRecentSearch(list, entry(id));
    expect(list.map((e) => e.id)).toEqual([7, 6, 5, 4, 3]);
    list = addRecentSearch(list, entry(5, 'Newer'));
    expect(list.map((e) => e.id)).toEqual([5, 7, 6, 4, 3]);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]?.firstname).toBe('Newer');
    expect(removeRecentSearch(list, 7).map((e) => e.id)).toEqual([5, 6, 4, 3]);
  });

  it('links to the same profile path as the server', () => {
    expect(personPath({ id: 9, firstname: 'Sofía', lastname: "O'Brien", orgname: null })).toBe(
      profilePath({ id: 9, kind: 'individual', first_name: 'Sofía', last_name: "O'Brien", org_name: null }),
    );
    expect(personPath({ id: 3, firstname: null, lastname: null, orgname: 'Citizens for Clean Water' })).toBe(
      '/profile/citizens-for-clean-water/3',
    );
  });
});
