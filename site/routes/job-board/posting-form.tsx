import type { InputHTMLAttributes } from 'react';
import {
  JOB_DESCRIPTION_MAX,
  JOB_TITLE_MAX,
  PAY_UNIT_LABELS,
  PAY_UNITS,
} from '../../../api/contract/job-board';
import type { ReferenceLists, ReferenceOption } from '../../../api/contract/reference-options';
import type { JobView } from '../../../api/modules/job-board/views';
import { FieldError } from '../../components/FieldError';
import { FormError } from './form-error';
import { numberField } from './form-results';

/** The form's values as text (what the member typed), skills as a list. */
export interface PostingValues {
  fields: Record<string, string>;
  skills: string[];
}

const TEXT_FIELDS = [
  'title',
  'organization',
  'state',
  'jobtype',
  'employment',
  'position',
  'payMin',
  'payMax',
  'payUnit',
  'description',
  'closesOn',
  'remote',
] as const;

export function valuesFromForm(posted: Record<string, string[]>): PostingValues {
  const fields: Record<string, string> = {};
  for (const key of TEXT_FIELDS) fields[key] = posted[key]?.[0] ?? '';
  return { fields, skills: posted.skills ?? [] };
}

export function valuesFromJob(job: JobView): PostingValues {
  return {
    fields: {
      title: job.title,
      organization: job.organization,
      state: job.state,
      jobtype: job.jobtype,
      employment: job.employment,
      position: job.position ?? '',
      payMin: job.payMinCents === null ? '' : String(job.payMinCents / 100),
      payMax: job.payMaxCents === null ? '' : String(job.payMaxCents / 100),
      payUnit: job.payUnit,
      description: job.description,
      closesOn: job.closesOn,
      remote: job.remote ? 'on' : '',
    },
    skills: job.skills,
  };
}

/** The posted text as the posting schema's input (numbers parsed; zod reports what is wrong). */
export function inputFromValues(values: PostingValues) {
  const f = values.fields;
  return {
    title: f.title,
    organization: f.organization,
    state: f.state,
    remote: f.remote === 'on' || f.remote === '1',
    jobtype: f.jobtype,
    employment: f.employment,
    position: f.position,
    skills: values.skills,
    payMin: numberField(f.payMin ?? ''),
    payMax: numberField(f.payMax ?? ''),
    payUnit: f.payUnit || 'YEAR',
    description: f.description,
    closesOn: f.closesOn,
  };
}

function aria(errors: Record<string, string[]>, name: string) {
  const invalid = Boolean(errors[name]?.length);
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `posting-${name}-error` : undefined,
  };
}

function Select(props: {
  name: string;
  label: string;
  options: ReferenceOption[];
  values: PostingValues;
  errors: Record<string, string[]>;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={`posting-${props.name}`}>{props.label}</label>
      <select
        id={`posting-${props.name}`}
        name={props.name}
        required={props.required}
        defaultValue={props.values.fields[props.name] ?? ''}
        {...aria(props.errors, props.name)}
      >
        <option value="">{props.required ? 'Choose…' : 'None'}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`posting-${props.name}-error`} messages={props.errors[props.name]} />
    </div>
  );
}

/** A labelled text input with its error, named `name` and identified as posting-<name>. */
function Input(
  props: { name: string; label: string; values: PostingValues; errors: Record<string, string[]> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'id' | 'defaultValue'
  >,
) {
  const { name, label, values, errors, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={`posting-${name}`}>{label}</label>
      <input
        id={`posting-${name}`}
        name={name}
        defaultValue={values.fields[name] ?? ''}
        {...input}
        {...aria(errors, name)}
      />
      <FieldError id={`posting-${name}-error`} messages={errors[name]} />
    </div>
  );
}

/** Post or edit a job: a plain form POST, so it works without JavaScript. */
export function PostingForm(props: {
  action: string;
  submitLabel: string;
  lists: ReferenceLists;
  values: PostingValues;
  errors: Record<string, string[]>;
  formError?: string | undefined;
}) {
  const { values, errors, lists } = props;
  const text = (name: string) => values.fields[name] ?? '';
  return (
    <form method="post" action={props.action} className="form job-posting-form" aria-label="Job posting">
      <FormError message={props.formError} />
      <Input
        name="title"
        label="Job title"
        required
        minLength={3}
        maxLength={JOB_TITLE_MAX}
        values={values}
        errors={errors}
      />
      <Input
        name="organization"
        label="Hiring organization"
        required
        maxLength={120}
        values={values}
        errors={errors}
      />
      <Select
        name="state"
        label="State"
        options={lists.states ?? []}
        values={values}
        errors={errors}
        required
      />
      <div className="field job-search__remote">
        <input id="posting-remote" name="remote" type="checkbox" defaultChecked={text('remote') === 'on'} />
        <label htmlFor="posting-remote">Remote work possible</label>
      </div>
      <Select
        name="jobtype"
        label="Job type"
        options={lists.jobtype ?? []}
        values={values}
        errors={errors}
        required
      />
      <Select
        name="employment"
        label="Employment"
        options={lists.employment ?? []}
        values={values}
        errors={errors}
        required
      />
      <Select
        name="position"
        label="Issue (optional)"
        options={lists.position ?? []}
        values={values}
        errors={errors}
      />
      <fieldset className="field" {...aria(errors, 'skills')}>
        <legend>Skills (up to 10)</legend>
        <div className="choice-grid">
          {(lists.skill ?? []).map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                name="skills"
                value={o.value}
                defaultChecked={values.skills.includes(o.value)}
              />{' '}
              {o.label}
            </label>
          ))}
        </div>
        <FieldError id="posting-skills-error" messages={errors.skills} />
      </fieldset>
      <fieldset className="field">
        <legend>Pay range in whole dollars (leave both empty for a volunteer role)</legend>
        <div className="field-row">
          <Input name="payMin" label="From" inputMode="numeric" values={values} errors={errors} />
          <Input name="payMax" label="To" inputMode="numeric" values={values} errors={errors} />
          <div className="field">
            <label htmlFor="posting-payUnit">Paid</label>
            <select id="posting-payUnit" name="payUnit" defaultValue={text('payUnit') || 'YEAR'}>
              {PAY_UNITS.map((u) => (
                <option key={u} value={u}>
                  {PAY_UNIT_LABELS[u]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="posting-description">Description</label>
        <textarea
          id="posting-description"
          name="description"
          rows={12}
          required
          minLength={30}
          maxLength={JOB_DESCRIPTION_MAX}
          defaultValue={text('description')}
          {...aria(errors, 'description')}
        />
        <FieldError id="posting-description-error" messages={errors.description} />
      </div>
      <Input name="closesOn" label="Closing date" type="date" required values={values} errors={errors} />
      <button type="submit" className="button button--primary">
        {props.submitLabel}
      </button>
    </form>
  );
}
