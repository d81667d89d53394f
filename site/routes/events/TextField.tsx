import { FieldError } from '../../components/FieldError';

/** A text input of the events' plain-POST forms, with its label, hint and refusal. */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  value: string;
  errors: string[] | undefined;
  inputMode?: 'numeric' | 'tel' | 'email' | 'url';
  pattern?: string;
  maxLength: number;
}) {
  const invalid = Boolean(props.errors?.length);
  const described = [props.hint ? `${props.id}-hint` : '', invalid ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.hint && (
        <p className="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required}
        defaultValue={props.value}
        inputMode={props.inputMode}
        pattern={props.pattern}
        maxLength={props.maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
      />
      <FieldError id={`${props.id}-error`} messages={props.errors} />
    </div>
  );
}
