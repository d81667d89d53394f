import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../api/contract/password-policy';
import { FieldError } from '../components/FieldError';
import { type FieldErrors, fieldAria, useFocusWhen } from '../lib/form-errors';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { fieldErrorsOf, messageOf, trpc } from '../lib/trpc';
import { useServerErrors } from '../lib/use-server-errors';

export interface NewPasswordFormProps {
  token: string;
  initialErrors?: FieldErrors;
  initialFormError?: string;
  done?: boolean;
}

const ID = 'new-password';
const MISMATCH = 'The two passwords do not match.';

/** Chooses a new password from a reset link; the link's own errors show above the form. */
export default function NewPasswordForm(props: NewPasswordFormProps) {
  const { errors, setErrors, formError, setFormError, formRef } = useServerErrors({
    errors: props.initialErrors,
    formError: props.initialFormError,
  });
  const [done, setDone] = useState(props.done ?? false);
  const doneRef = useFocusWhen<HTMLHeadingElement>(done);

  const reset = useMutation({
    mutationFn: (password: string) => trpc.accounts.resetPassword.mutate({ token: props.token, password }),
    retry: false,
    onSuccess: () => setDone(true),
    onError: (error) => {
      const fields = fieldErrorsOf(error)?.fieldErrors;
      // The token is no field of this form: its message ("expired or already used") goes on top.
      const { token, ...rest } = fields ?? {};
      setErrors(rest);
      setFormError(token?.join(' ') ?? (fields ? null : messageOf(error)));
    },
  });

  if (done) {
    return (
      <div className="notice notice--success auth-done" role="status">
        <h2 ref={doneRef} tabIndex={-1}>
          Your password has been changed
        </h2>
        <p>For your security we signed you out everywhere. Sign in with your new password.</p>
        <p>
          <a className="button button--primary" href="/auth/signin">
            Sign in
          </a>
        </p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setFormError(null);
      setErrors({ confirmPassword: [MISMATCH] });
      return;
    }
    reset.mutate(password);
  }

  return (
    <form
      ref={formRef}
      className="form auth-form"
      method="post"
      action="/auth/reset-password"
      onSubmit={onSubmit}
      noValidate
    >
      <div role="alert">
        {formError && (
          <p className="notice notice--error">
            {formError} <a href="/auth/reset-password">Request a new link</a>
          </p>
        )}
      </div>
      <input type="hidden" name="token" value={props.token} />
      <div className="field">
        <label htmlFor={`${ID}-password`}>New password</label>
        <input
          id={`${ID}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          {...fieldAria(errors, 'password', ID, true)}
        />
        <p className="field-hint" id={`${ID}-password-hint`}>
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
        <FieldError id={`${ID}-password-error`} messages={errors.password} />
      </div>
      <div className="field">
        <label htmlFor={`${ID}-confirm`}>Confirm new password</label>
        <input
          id={`${ID}-confirm`}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          {...fieldAria(errors, 'confirmPassword', ID)}
        />
        <FieldError id={`${ID}-confirmPassword-error`} messages={errors.confirmPassword} />
      </div>
      <button type="submit" className="button button--primary auth-form__submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Save new password'}
      </button>
    </form>
  );
}
