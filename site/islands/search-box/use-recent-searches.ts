import { type RefObject, useEffect, useState } from 'react';
import {
  addRecentSearch,
  type RecentSearch,
  readRecentSearches,
  removeRecentSearch,
  writeRecentSearches,
} from '../../lib/recent-searches';

/**
 * The people this browser searched for, read once hydrated (the server knows no history):
 * remember() puts a chosen person first, forget() drops one and hands focus back to the field.
 */
export function useRecentSearches(inputRef: RefObject<HTMLInputElement | null>) {
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  useEffect(() => {
    setRecent(readRecentSearches());
  }, []);

  function remember(person: RecentSearch) {
    const entry = {
      id: person.id,
      firstname: person.firstname,
      lastname: person.lastname,
      orgname: person.orgname,
      profileimage: person.profileimage,
    };
    const next = addRecentSearch(readRecentSearches(), entry);
    writeRecentSearches(next);
    setRecent(next);
  }

  function forget(personId: number) {
    const next = removeRecentSearch(readRecentSearches(), personId);
    writeRecentSearches(next);
    setRecent(next);
    inputRef.current?.focus();
  }

  return { recent, remember, forget };
}
