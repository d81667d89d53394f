import { type FormEvent, useEffect, useRef } from 'react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TOPICS } from '../../api/contract/support-tickets';
import { FormField } from '../components/FormField';
import { type FieldErrors, useFocusFirstError, useFocusWhen } from '../lib/form-errors';

export interface ContactFormProps {
  /** The signed-in member's address (replies go there); null for a visitor, who types one. */
  signedInEmail: string | null;
  initialValues?: Record<string, string>;
  initialErrors?: FieldErrors;
  formError?: string;
  /** A visitor's request was received (the page after the redirect). */
  sent?: boolean;
}

const ID = 'contact';

/**
 * The /contact form. It posts as a plain HTML form, so it works without JavaScript; hydrated, it
 * only adds how long the form was open (`fill_ms`, the minimum-fill-time spam trap of
 * api/modules/support-tickets/spam.ts), measured in the browser so clocks never disagree.
 */
export default function ContactForm(props: ContactFormProps) {
  const errors = props.initialErrors ?? {};
  const formRef = useFocusFirstError(errors);
  const thanksRef = useFocusWhen<HTMLHeadingElement>(props.sent === true);
  const openedAt = useRef<number | null>(null);
  const fillRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    openedAt.current = performance.now();
  }, []);

  if (props.sent) {
    return (
      <div className="notice notice--success" role="status">
        <h3 ref={thanksRef} tabIndex={-1}>
          We received your request
        </h3>
        <p>
          We emailed you a confirmation with a link to your request, where you can read our answer and reply.
          We answer most requests within one business day.
        </p>
        <p>
          <a href="/contact#contact-form">Send another request</a>
        </p>
      </div>
    );
  }

  function onSubmit(_event: FormEvent<HTMLFormElement>) {
    if (fillRef.current && openedAt.current !== null) {
      fillRef.current.value = String(Math.round(performance.now() - openedAt.current));
    }
  }

  const v = props.initialValues ?? {};
  return (
    <form
      ref={formRef}
      className="form"
      method="post"
      action="/contact#contact-form"
      onSubmit={onSubmit}
      noValidate
    >
      {props.formError && (
        <p className="notice notice--error" role="alert">
          {props.formError}
        </p>
      )}
      {props.signedInEmail ? (
        <p>
          You are signed in: we will answer at <strong>{props.signedInEmail}</strong>, and your requests are
          listed under <a href="/support/requests">Your requests</a>.
        </p>
      ) : (
        <FormField idPrefix={ID} name="email" label="Your email" errors={errors}>
          {(control) => <input {...control} type="email" autoComplete="email" defaultValue={v.email} />}
        </FormField>
      )}
      <FormField idPrefix={ID} name="topic" label="Topic" errors={errors}>
        {(control) => (
          <select {...control} defaultValue={v.topic ?? 'order'}>
            {SUPPORT_TOPICS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField idPrefix={ID} name="subject" label="Subject" errors={errors}>
        {(control) => <input {...control} maxLength={SUPPORT_SUBJECT_MAX} defaultValue={v.subject} />}
      </FormField>
      <FormField idPrefix={ID} name="message" label="How can we help?" errors={errors}>
        {(control) => (
          <textarea {...control} rows={6} maxLength={SUPPORT_MESSAGE_MAX} defaultValue={v.message} />
        )}
      </FormField>
      <div className="field-row">
        <FormField
          idPrefix={ID}
          name="orderNumber"
          label="Order number (optional)"
          hint="From your order confirmation email."
          errors={errors}
        >
          {(control) => <input {...control} placeholder="CHQ-…" defaultValue={v.orderNumber} />}
        </FormField>
        <FormField
          idPrefix={ID}
          name="donationReference"
          label="Donation receipt (optional)"
          hint="The reference on your donation receipt."
          errors={errors}
        >
          {(control) => <input {...control} placeholder="DON-…" defaultValue={v.donationReference} />}
        </FormField>
      </div>
      {/* The honeypot: hidden from people and assistive technology; bots that fill every field fill it. */}
      <div hidden>
        <label htmlFor={`${ID}-website`}>Leave this field empty</label>
        <input id={`${ID}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input ref={fillRef} type="hidden" name="fill_ms" defaultValue="" />
      <button type="submit" className="button button--primary">
        Send request
      </button>
    </form>
  );
}
