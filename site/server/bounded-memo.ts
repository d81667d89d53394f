/**
 * A bounded memo by key, least recently used dropped first: for server HTML that depends on
 * nothing but what its key spells out in full, so a hit answers exactly the bytes a render would
 * have produced (issue 17: rendering the same header, shell and islands again was a large part
 * of a signed-in page's CPU).
 */
export function boundedMemo<V>(limit: number) {
  const entries = new Map<string, V>();
  return (key: string, make: () => V): V => {
    const hit = entries.get(key);
    if (hit !== undefined) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const value = make();
    entries.set(key, value);
    if (entries.size > limit) entries.delete(entries.keys().next().value as string);
    return value;
  };
}
