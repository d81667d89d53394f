import { type FormEvent, useState } from 'react';
import { FieldError } from '../components/FieldError';
import { type FieldErrors, fieldAria, useFocusWhen } from '../lib/form-errors';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { trpc } from '../lib/trpc';
import { useServerErrors } from '../lib/use-server-errors';

export interface PasswordResetRequestFormProps {
  initialEmail?: string;
  initialErrors?: FieldErrors;
  initialFormError?: string;
  sent?: boolean;
}

const ID = 'reset-request';

/** Asks for the account's email and sends a reset link; the answer never reveals who has an account. */
export default function PasswordResetRequestForm(props: PasswordResetRequestFormProps) {
  const { errors, formError, formRef, showError } = useServerErrors({
    errors: props.initialErrors,
    formError: props.initialFormError,
  });
  const [sent, setSent] = useState(props.sent ?? false);
  const doneRef = useFocusWhen<HTMLHeadingElement>(sent);

  const request = useMutation({
    mutationFn: (email: string) => trpc.accounts.requestPasswordReset.mutate({ email }),
    retry: false,
    onSuccess: () => setSent(true),
    onError: showError,
  });

  if (sent) {
    return (
      <div className="notice notice--success auth-done" role="status">
        <h2 ref={doneRef} tabIndex={-1}>
          Check your email
        </h2>
        <p>
          If an account exists for that address, we have emailed a link. It works once and expires in 1 hour.
        </p>
        <p>
          <a href="/auth/signin">Back to sign in</a>
        </p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get('email') ?? ''));
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
      <div role="alert">{formError && <p className="notice notice--error">{formError}</p>}</div>
      <div className="field">
        <label htmlFor={`${ID}-email`}>Email</label>
        <input
          id={`${ID}-email`}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={props.initialEmail}
          {...fieldAria(errors, 'email', ID)}
        />
        <FieldError id={`${ID}-email-error`} messages={errors.email} />
      </div>
      <button type="submit" className="button button--primary auth-form__submit" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Email me a link'}
      </button>
    </form>
  );
}
