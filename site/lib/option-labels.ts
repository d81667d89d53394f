import type { ReferenceLists, ReferenceOption } from '../../api/contract/reference-options';

/** Value → label lookups over the reference lists, for showing stored values to people. */
export function optionLabeler(lists: ReferenceLists): OptionLabeler {
  let labeler = labelers.get(lists);
  if (!labeler) {
    labeler = makeLabeler(lists);
    labelers.set(lists, labeler);
  }
  return labeler;
}

/** One labeler per lists object: the lists are cached and replaced, never changed in place. */
const labelers = new WeakMap<ReferenceLists, OptionLabeler>();

function makeLabeler(lists: ReferenceLists) {
  const maps = new Map<string, Map<string, string>>();
  for (const [name, options] of Object.entries(lists)) {
    maps.set(name, new Map(options.map((o) => [o.value, o.label])));
  }
  return (list: string, value: string): string => {
    // Interests are hobbies or issues (the /setup choices).
    if (list === 'interests')
      return maps.get('hobby')?.get(value) ?? maps.get('position')?.get(value) ?? value;
    return maps.get(list)?.get(value) ?? value;
  };
}

export type OptionLabeler = (list: string, value: string) => string;

/** The choices of an attribute's list; interests draw on hobbies and issues, without repeats. */
export function optionsForList(lists: ReferenceLists, list: string): ReferenceOption[] {
  if (list !== 'interests') return lists[list] ?? [];
  const byValue = new Map<string, ReferenceOption>();
  for (const o of [...(lists.hobby ?? []), ...(lists.position ?? [])])
    if (!byValue.has(o.value)) byValue.set(o.value, o);
  return [...byValue.values()];
}
