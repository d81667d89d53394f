import type { ReactNode } from 'react';
import { SUPPORTER_SORTS } from '../../../api/contract/supporters';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';
import type { ListQuery } from './list-query';

const YES_NO_CHOICES = [
  ['', 'Either'],
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

type Control = {
  id: string;
  name: string;
  defaultValue: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** One labelled control of the filter form, with its error. */
function Labelled(props: {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  children: (control: Control) => ReactNode;
}) {
  const id = `filter-${props.name}`;
  const error = props.errors[props.name];
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        name: props.name,
        defaultValue: props.value,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      <FieldError id={`${id}-error`} messages={error} />
    </div>
  );
}

interface InputSpec {
  name: string;
  label: string;
  type?: 'date';
  inputMode?: 'numeric' | 'decimal';
}

/** Who: the words and places a person is found by. */
const WHO_FIELDS: InputSpec[] = [
  { name: 'q', label: 'Name or email contains' },
  { name: 'state', label: 'State (two letters)' },
  { name: 'zip', label: 'ZIP starts with', inputMode: 'numeric' },
];
const YES_NO_FIELDS = [
  { name: 'gave', label: 'Gave' },
  { name: 'monthly', label: 'Gives monthly' },
  { name: 'follows', label: 'Follows' },
];
/** How much and when: the amount, gift-day and event ranges. */
const RANGE_FIELDS: InputSpec[] = [
  { name: 'minGave', label: 'Gave at least ($)', inputMode: 'decimal' },
  { name: 'maxGave', label: 'Gave at most ($)', inputMode: 'decimal' },
  { name: 'firstFrom', label: 'First gift on or after', type: 'date' },
  { name: 'firstTo', label: 'First gift on or before', type: 'date' },
  { name: 'lastFrom', label: 'Last gift on or after', type: 'date' },
  { name: 'lastTo', label: 'Last gift on or before', type: 'date' },
  { name: 'minEvents', label: 'Signed up for at least (events)', inputMode: 'numeric' },
];

function Field({ spec, value, errors }: { spec: InputSpec; value: string; errors: FieldErrors }) {
  return (
    <Labelled name={spec.name} label={spec.label} value={value} errors={errors}>
      {(control) => <input {...control} type={spec.type ?? 'text'} inputMode={spec.inputMode} />}
    </Labelled>
  );
}

function Choice(props: {
  name: string;
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  errors: FieldErrors;
}) {
  return (
    <Labelled name={props.name} label={props.label} value={props.value} errors={props.errors}>
      {(control) => (
        <select {...control}>
          {props.choices.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/**
 * The supporter list's filters and sort, a GET form: every view is a URL the team can bookmark,
 * page through and download as CSV.
 */
export function FilterForm({
  action,
  query,
  tags,
}: {
  action: string;
  query: ListQuery;
  tags: readonly { id: number; name: string }[];
}) {
  const errors = query.errors ?? {};
  const typed = (name: string) => query.typed[name] ?? '';
  return (
    <form method="get" action={action} className="form supporter-filters" aria-label="Filter supporters">
      {WHO_FIELDS.map((spec) => (
        <Field key={spec.name} spec={spec} value={typed(spec.name)} errors={errors} />
      ))}
      {YES_NO_FIELDS.map(({ name, label }) => (
        <Choice
          key={name}
          name={name}
          label={label}
          value={typed(name)}
          choices={YES_NO_CHOICES}
          errors={errors}
        />
      ))}
      {RANGE_FIELDS.map((spec) => (
        <Field key={spec.name} spec={spec} value={typed(spec.name)} errors={errors} />
      ))}
      <Choice
        name="tag"
        label="Tag"
        value={typed('tag')}
        choices={[['', 'Any'], ...tags.map((t) => [String(t.id), t.name] as const)]}
        errors={errors}
      />
      <Choice
        name="sort"
        label="Sort by"
        value={query.view.sort}
        choices={Object.entries(SUPPORTER_SORTS)}
        errors={errors}
      />
      <Choice
        name="dir"
        label="Order"
        value={query.view.dir ?? ''}
        choices={[
          ['', 'The sort’s usual order'],
          ['asc', 'Smallest or earliest first'],
          ['desc', 'Largest or latest first'],
        ]}
        errors={errors}
      />
      <p className="form-actions">
        <button type="submit" className="button button--primary">
          Show supporters
        </button>
        <a className="button" href={action}>
          Clear
        </a>
      </p>
    </form>
  );
}
