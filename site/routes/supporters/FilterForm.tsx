import { SUPPORTER_SORTS } from '../../../api/contract/supporters';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';
import type { ListQuery } from './list-query';

const YES_NO_CHOICES = [
  ['', 'Either'],
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

/** One labelled field of the filter form, with its error. */
function Field(props: {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  const id = `filter-${props.name}`;
  const error = props.errors[props.name];
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        defaultValue={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} messages={error} />
    </div>
  );
}

function Choice(props: {
  name: string;
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  errors: FieldErrors;
}) {
  const id = `filter-${props.name}`;
  const error = props.errors[props.name];
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} messages={error} />
    </div>
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
      <Field name="q" label="Name or email contains" value={typed('q')} errors={errors} />
      <Field name="state" label="State (two letters)" value={typed('state')} errors={errors} />
      <Field name="zip" label="ZIP starts with" value={typed('zip')} errors={errors} inputMode="numeric" />
      <Choice name="gave" label="Gave" value={typed('gave')} choices={YES_NO_CHOICES} errors={errors} />
      <Choice
        name="monthly"
        label="Gives monthly"
        value={typed('monthly')}
        choices={YES_NO_CHOICES}
        errors={errors}
      />
      <Choice
        name="follows"
        label="Follows"
        value={typed('follows')}
        choices={YES_NO_CHOICES}
        errors={errors}
      />
      <Field
        name="minGave"
        label="Gave at least ($)"
        value={typed('minGave')}
        errors={errors}
        inputMode="decimal"
      />
      <Field
        name="maxGave"
        label="Gave at most ($)"
        value={typed('maxGave')}
        errors={errors}
        inputMode="decimal"
      />
      <Field
        name="firstFrom"
        label="First gift on or after"
        value={typed('firstFrom')}
        errors={errors}
        type="date"
      />
      <Field
        name="firstTo"
        label="First gift on or before"
        value={typed('firstTo')}
        errors={errors}
        type="date"
      />
      <Field
        name="lastFrom"
        label="Last gift on or after"
        value={typed('lastFrom')}
        errors={errors}
        type="date"
      />
      <Field
        name="lastTo"
        label="Last gift on or before"
        value={typed('lastTo')}
        errors={errors}
        type="date"
      />
      <Field
        name="minEvents"
        label="Signed up for at least (events)"
        value={typed('minEvents')}
        errors={errors}
        inputMode="numeric"
      />
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
