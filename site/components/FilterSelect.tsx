import type { ReferenceOption } from '../../api/contract/reference-options';

export interface FilterSelectProps {
  id: string;
  name: string;
  label: string;
  value?: string | undefined;
  options: ReferenceOption[];
}

/** A labelled filter of a search form: one option per value, or "Any" (empty) for no filter. */
export function FilterSelect(props: FilterSelectProps) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ''}>
        <option value="">Any</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
