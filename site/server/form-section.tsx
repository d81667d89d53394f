import type { ReactNode } from 'react';
import { FieldError } from '../components/FieldError';
import type { FieldControl } from '../components/FormField';
import { type FieldErrors, fieldAria } from '../lib/form-errors';

/**
 * The plain-POST forms of a server-rendered page with several forms (the campaign dashboard, its
 * outreach page, /settings): a refused post re-renders the page, and only the form that was posted
 * shows its errors and what was typed; the others show their defaults.
 */

/** What a re-rendered page knows: which of its forms was posted, its errors, what was typed. */
export interface FormSectionsState<Section extends string> {
  section?: Section | undefined;
  errors?: FieldErrors | undefined;
  formError?: string | undefined;
  values?: Record<string, string> | undefined;
}

/** One form of the page, as the last post left it. */
export interface FormSection {
  /** Prefix of the fields' ids: `{idPrefix}-{name}`, `-hint`, `-error`. */
  idPrefix: string;
  /** Whether the re-rendered post was this form's. */
  posted: boolean;
  errors: FieldErrors;
  formError: string | undefined;
  /** What was typed in `name` when this form was posted, else `fallback`. */
  typed: (name: string, fallback?: string) => string;
}

export function formSection<Section extends string>(
  state: FormSectionsState<Section>,
  section: Section,
  idPrefix: string,
): FormSection {
  const posted = state.section === section;
  return {
    idPrefix,
    posted,
    errors: posted ? (state.errors ?? {}) : {},
    formError: posted ? state.formError : undefined,
    typed: (name, fallback = '') => (posted ? (state.values?.[name] ?? fallback) : fallback),
  };
}

/** The message for the whole form, when the post was refused without a field to blame. */
export function FormError({ form }: { form: FormSection }) {
  return form.formError ? (
    <p className="notice notice--error" role="alert">
      {form.formError}
    </p>
  ) : null;
}

/**
 * A labelled field of a form section: the label, an optional hint, the control `children` draws
 * with the id, name and aria it is given, and the server's error for `name`.
 */
export function SectionField(props: {
  form: FormSection;
  name: string;
  label: ReactNode;
  hint?: string | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const { form, name } = props;
  const id = `${form.idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children({ id, name, ...fieldAria(form.errors, name, form.idPrefix, Boolean(props.hint)) })}
      <FieldError id={`${id}-error`} messages={form.errors[name]} />
    </div>
  );
}

/** A SectionField whose control is an input; a password is never written back into the page. */
export function SectionInput(props: {
  form: FormSection;
  name: string;
  label: ReactNode;
  type?: string;
  hint?: string | undefined;
  required?: boolean;
  autoComplete?: string;
  /** What the input shows when this form was not posted (or nothing was typed in it). */
  fallback?: string | undefined;
}) {
  const type = props.type ?? 'text';
  return (
    <SectionField form={props.form} name={props.name} label={props.label} hint={props.hint}>
      {({ id, name, ...aria }) => (
        <input
          id={id}
          name={name}
          type={type}
          required={props.required}
          autoComplete={props.autoComplete}
          defaultValue={type === 'password' ? undefined : props.form.typed(name, props.fallback ?? '')}
          {...aria}
        />
      )}
    </SectionField>
  );
}

/**
 * The form of a section: `lead` (a heading inside the form, if any), then the form's error, then
 * the fields and buttons. A plain POST unless `method` says GET, so it works without JavaScript.
 */
export function SectionForm(props: {
  form: FormSection;
  action: string;
  method?: 'get' | 'post';
  className?: string;
  labelledBy?: string;
  noValidate?: boolean;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={props.className ?? 'form'}
      method={props.method ?? 'post'}
      action={props.action}
      aria-labelledby={props.labelledBy}
      noValidate={props.noValidate}
    >
      {props.lead}
      <FormError form={props.form} />
      {props.children}
    </form>
  );
}

/** A page section titled by its h2, which labels it. */
export function TitledSection(props: {
  headingId: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={props.headingId} className={props.className} data-testid={props.testId}>
      <h2 id={props.headingId}>{props.title}</h2>
      {props.children}
    </section>
  );
}
