import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../api/contract/password-policy';
import { FieldError } from '../components/FieldError';
import { FormField } from '../components/FormField';
import { type FieldErrors, useFocusWhen } from '../lib/form-errors';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { trpc } from '../lib/trpc';
import { useServerErrors } from '../lib/use-server-errors';

export interface SignUpFormProps {
  initialValues?: Record<string, string>;
  initialErrors?: FieldErrors;
  initialFormError?: string;
  /** Set after a successful sign-up without JavaScript: the address the link went to. */
  sentTo?: string | null;
}

type Kind = 'individual' | 'organization';
const ID = 'signup';

/** Sign-up (docs/product/rulings.md, "People and accounts"): individual or organization, then a verification email. */
export default function SignUpForm(props: SignUpFormProps) {
  const v = props.initialValues ?? {};
  const [kind, setKind] = useState<Kind>(v.kind === 'organization' ? 'organization' : 'individual');
  const { errors, formError, formRef, showError } = useServerErrors({
    errors: props.initialErrors,
    formError: props.initialFormError,
  });
  const [sentTo, setSentTo] = useState<string | null>(props.sentTo ?? null);
  const doneRef = useFocusWhen<HTMLHeadingElement>(sentTo !== null);

  const signUp = useMutation({
    mutationFn: (form: Record<string, string>) =>
      trpc.accounts.signUp.mutate(
        form.kind === 'organization'
          ? {
              kind: 'organization',
              orgName: form.orgName ?? '',
              email: form.email ?? '',
              password: form.password ?? '',
            }
          : {
              kind: 'individual',
              firstName: form.firstName ?? '',
              lastName: form.lastName ?? '',
              email: form.email ?? '',
              password: form.password ?? '',
            },
      ),
    retry: false,
    onSuccess: ({ email }) => setSentTo(email),
    onError: showError,
  });

  if (sentTo !== null) {
    return (
      <div className="notice notice--success auth-done" role="status">
        <h2 ref={doneRef} tabIndex={-1}>
          Check your email
        </h2>
        <p>
          We have sent a link to <strong>{sentTo || 'your email address'}</strong>. Open it to confirm your
          address, then sign in to finish setting up your profile. The link works once and expires in 48
          hours.
        </p>
        <p>
          No email after a few minutes? Check your spam folder, or <a href="/auth/signin">sign in</a> and we
          will send a new link.
        </p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    signUp.mutate(form);
  }

  return (
    <form
      ref={formRef}
      className="form auth-form"
      method="post"
      action="/signup"
      onSubmit={onSubmit}
      noValidate
    >
      <div role="alert">{formError && <p className="notice notice--error">{formError}</p>}</div>
      <fieldset
        className="choice-group"
        aria-describedby={errors.kind?.length ? `${ID}-kind-error` : undefined}
      >
        <legend>I am signing up as</legend>
        {(['individual', 'organization'] as const).map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {value === 'individual' ? 'Individual' : 'Organization'}
          </label>
        ))}
        <FieldError id={`${ID}-kind-error`} messages={errors.kind} />
      </fieldset>
      {kind === 'individual' ? (
        <div className="field-row">
          <FormField idPrefix={ID} id={`${ID}-first`} name="firstName" label="First name" errors={errors}>
            {(control) => <input {...control} autoComplete="given-name" defaultValue={v.firstName} />}
          </FormField>
          <FormField idPrefix={ID} id={`${ID}-last`} name="lastName" label="Last name" errors={errors}>
            {(control) => <input {...control} autoComplete="family-name" defaultValue={v.lastName} />}
          </FormField>
        </div>
      ) : (
        <FormField idPrefix={ID} id={`${ID}-org`} name="orgName" label="Organization name" errors={errors}>
          {(control) => <input {...control} autoComplete="organization" defaultValue={v.orgName} />}
        </FormField>
      )}
      <FormField idPrefix={ID} name="email" label="Email" errors={errors}>
        {(control) => <input {...control} type="email" autoComplete="email" defaultValue={v.email} />}
      </FormField>
      <FormField
        idPrefix={ID}
        name="password"
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong, memorable password.`}
        errors={errors}
      >
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />
        )}
      </FormField>
      <button type="submit" className="button button--primary auth-form__submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
