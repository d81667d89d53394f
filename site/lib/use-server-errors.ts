import { useCallback, useState } from 'react';
import { type FieldErrors, useFocusFirstError } from './form-errors';
import { fieldErrorsOf, messageOf } from './trpc';

/**
 * The error state every account and feedback form keeps: field errors beside their fields,
 * one form-level message above them, and focus on the first refused field. Starts from what
 * the server rendered for browsers without JavaScript.
 */
export function useServerErrors(initial: { errors?: FieldErrors; formError?: string }) {
  const [errors, setErrors] = useState<FieldErrors>(initial.errors ?? {});
  const [formError, setFormError] = useState<string | null>(initial.formError ?? null);
  const formRef = useFocusFirstError(errors);

  /** Shows a failed call: its field errors if it has them, otherwise its message. */
  const showError = useCallback((error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(fields?.fieldErrors ?? {});
    setFormError(fields ? null : messageOf(error));
  }, []);

  return { errors, setErrors, formError, setFormError, formRef, showError };
}
