import { useEffect, useRef } from 'react';

/** Field errors keyed by input name, as zod's flatten and the API's ValidationError give them. */
export type FieldErrors = Record<string, string[] | undefined>;

/** aria-invalid and aria-describedby for a field, pointing at its hint and its error. */
export function fieldAria(errors: FieldErrors, name: string, idPrefix: string, hint = false) {
  const invalid = errors[name]?.length ? true : undefined;
  const describedBy = [hint ? `${idPrefix}-${name}-hint` : null, invalid ? `${idPrefix}-${name}-error` : null]
    .filter(Boolean)
    .join(' ');
  return { 'aria-invalid': invalid, 'aria-describedby': describedBy || undefined };
}

/** Moves focus to the first field the server refused, so keyboard users land on the problem. */
export function useFocusFirstError(errors: FieldErrors) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = Object.keys(errors).find((k) => errors[k]?.length);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);
  return formRef;
}

/** Focuses a success heading once it appears. */
export function useFocusWhen<T extends HTMLElement>(condition: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (condition) ref.current?.focus();
  }, [condition]);
  return ref;
}
