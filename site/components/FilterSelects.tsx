import type { ReferenceOption } from '../../api/contract/reference-options';
import { FilterSelect } from './FilterSelect';

/** One filter of a search form: its query parameter, its label, the chosen value and the choices. */
export interface SearchFilter {
  name: string;
  label: string;
  value: string | undefined;
  options: ReferenceOption[];
}

/**
 * A search form's filter selects, in the order given; each one's id is `<idPrefix>-<name>`, so
 * two search forms on the site never share an id.
 */
export function FilterSelects({ idPrefix, filters }: { idPrefix: string; filters: SearchFilter[] }) {
  return (
    <>
      {filters.map((f) => (
        <FilterSelect
          key={f.name}
          id={`${idPrefix}-${f.name}`}
          name={f.name}
          label={f.label}
          value={f.value}
          options={f.options}
        />
      ))}
    </>
  );
}
