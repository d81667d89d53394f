import { type FormEvent, useState } from 'react';
import type { ReferenceOption } from '../../api/contract/reference-options';
import { FieldError } from '../components/FieldError';
import { type FieldErrors, fieldAria } from '../lib/form-errors';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { trpc } from '../lib/trpc';
import { useReferenceOptions } from '../lib/use-reference-options';
import { useServerErrors } from '../lib/use-server-errors';

type SetupLists = Record<'states' | 'party' | 'position', ReferenceOption[]>;

export interface SetupFormProps {
  /** The lists rendered by the server, so the form works before (or without) JavaScript. */
  fallbackLists: SetupLists;
  /** Where to go once saved: already checked to be a local path. */
  destination: string;
  initialValues?: { state?: string; party?: string; position?: string; interests?: string[]; bio?: string };
  initialErrors?: FieldErrors;
  initialFormError?: string;
}

const MAX_INTERESTS = 12;
const MAX_BIO = 500;
const ID = 'setup';

/** /setup onboarding: state, party, main issue, interests and a short introduction. */
export default function SetupForm(props: SetupFormProps) {
  const { data } = useReferenceOptions();
  const lists: SetupLists = {
    states: data?.states ?? props.fallbackLists.states,
    party: data?.party ?? props.fallbackLists.party,
    position: data?.position ?? props.fallbackLists.position,
  };
  const v = props.initialValues ?? {};
  const [interests, setInterests] = useState<string[]>(v.interests ?? []);
  const [bioLength, setBioLength] = useState(v.bio?.length ?? 0);
  const { errors, formError, formRef, showError } = useServerErrors({
    errors: props.initialErrors,
    formError: props.initialFormError,
  });

  const save = useMutation({
    mutationFn: (form: FormData) => {
      const text = (name: string) => String(form.get(name) ?? '').trim();
      return trpc.accounts.completeSetup.mutate({
        state: text('state'),
        party: text('party'),
        position: text('position') || undefined,
        interests,
        bio: text('bio') || undefined,
      });
    },
    retry: false,
    onSuccess: () => window.location.assign(props.destination),
    onError: showError,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  }

  function toggleInterest(value: string, checked: boolean) {
    setInterests((current) => (checked ? [...current, value] : current.filter((i) => i !== value)));
  }

  const aria = (name: string, hint = false) => fieldAria(errors, name, ID, hint);
  const full = interests.length >= MAX_INTERESTS;

  return (
    <form
      ref={formRef}
      className="form auth-form setup-form"
      method="post"
      action="/setup"
      onSubmit={onSubmit}
      noValidate
    >
      <div role="alert">{formError && <p className="notice notice--error">{formError}</p>}</div>
      <input type="hidden" name="callbackUrl" value={props.destination} />
      <div className="field-row">
        <Select
          name="state"
          label="State"
          placeholder="Choose your state"
          options={lists.states}
          defaultValue={v.state}
          errors={errors}
          aria={aria('state')}
        />
        <Select
          name="party"
          label="Party"
          placeholder="Choose a party"
          options={lists.party}
          defaultValue={v.party}
          errors={errors}
          aria={aria('party')}
        />
      </div>
      <Select
        name="position"
        label="The issue you care about most (optional)"
        placeholder="Choose later"
        options={lists.position}
        defaultValue={v.position}
        errors={errors}
        aria={aria('position')}
      />
      <fieldset
        className="choice-group choice-group--grid"
        aria-describedby={`${ID}-interests-hint${errors.interests?.length ? ` ${ID}-interests-error` : ''}`}
      >
        <legend>Issues you follow (up to {MAX_INTERESTS})</legend>
        <p className="field-hint" id={`${ID}-interests-hint`} aria-live="polite">
          {interests.length} of {MAX_INTERESTS} chosen
        </p>
        {lists.position.map((option) => {
          const checked = interests.includes(option.value);
          return (
            <label key={option.value} className="choice">
              <input
                type="checkbox"
                name="interests"
                value={option.value}
                checked={checked}
                disabled={full && !checked}
                onChange={(event) => toggleInterest(option.value, event.currentTarget.checked)}
              />
              {option.label}
            </label>
          );
        })}
        <FieldError id={`${ID}-interests-error`} messages={errors.interests} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${ID}-bio`}>A short introduction (optional)</label>
        <textarea
          id={`${ID}-bio`}
          name="bio"
          rows={4}
          maxLength={MAX_BIO}
          defaultValue={v.bio}
          onChange={(event) => setBioLength(event.currentTarget.value.length)}
          {...aria('bio', true)}
        />
        <p className="field-hint" id={`${ID}-bio-hint`}>
          {bioLength} of {MAX_BIO} characters. Shown on your public profile.
        </p>
        <FieldError id={`${ID}-bio-error`} messages={errors.bio} />
      </div>
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save and continue'}
        </button>
        <a href={props.destination}>Skip for now</a>
      </div>
    </form>
  );
}

function Select(props: {
  name: string;
  label: string;
  placeholder: string;
  options: ReferenceOption[];
  defaultValue?: string;
  errors: FieldErrors;
  aria: ReturnType<typeof fieldAria>;
}) {
  return (
    <div className="field">
      <label htmlFor={`${ID}-${props.name}`}>{props.label}</label>
      <select
        id={`${ID}-${props.name}`}
        name={props.name}
        defaultValue={props.defaultValue ?? ''}
        {...props.aria}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${ID}-${props.name}-error`} messages={props.errors[props.name]} />
    </div>
  );
}
