import { type FormEvent, useEffect, useRef } from 'react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TOPICS } from '../../api/contract/support-tickets';
import { FieldError } from '../components/FieldError';
import { type FieldErrors, fieldAria, useFocusFirstError, useFocusWhen } from '../lib/form-errors';

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
  const aria = (name: string, hint = false) => fieldAria(errors, name, ID, hint);
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
        <div className="field">
          <label htmlFor={`${ID}-email`}>Your email</label>
          <input
            id={`${ID}-email`}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={v.email}
            {...aria('email')}
          />
          <FieldError id={`${ID}-email-error`} messages={errors.email} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${ID}-topic`}>Topic</label>
        <select id={`${ID}-topic`} name="topic" defaultValue={v.topic ?? 'order'} {...aria('topic')}>
          {SUPPORT_TOPICS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <FieldError id={`${ID}-topic-error`} messages={errors.topic} />
      </div>
      <div className="field">
        <label htmlFor={`${ID}-subject`}>Subject</label>
        <input
          id={`${ID}-subject`}
          name="subject"
          maxLength={SUPPORT_SUBJECT_MAX}
          defaultValue={v.subject}
          {...aria('subject')}
        />
        <FieldError id={`${ID}-subject-error`} messages={errors.subject} />
      </div>
      <div className="field">
        <label htmlFor={`${ID}-message`}>How can we help?</label>
        <textarea
          id={`${ID}-message`}
          name="message"
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          defaultValue={v.message}
          {...aria('message')}
        />
        <FieldError id={`${ID}-message-error`} messages={errors.message} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${ID}-orderNumber`}>Order number (optional)</label>
          <input
            id={`${ID}-orderNumber`}
            name="orderNumber"
            placeholder="CHQ-…"
            defaultValue={v.orderNumber}
            {...aria('orderNumber', true)}
          />
          <p className="field-hint" id={`${ID}-orderNumber-hint`}>
            From your order confirmation email.
          </p>
          <FieldError id={`${ID}-orderNumber-error`} messages={errors.orderNumber} />
        </div>
        <div className="field">
          <label htmlFor={`${ID}-donationReference`}>Donation receipt (optional)</label>
          <input
            id={`${ID}-donationReference`}
            name="donationReference"
            placeholder="DON-…"
            defaultValue={v.donationReference}
            {...aria('donationReference', true)}
          />
          <p className="field-hint" id={`${ID}-donationReference-hint`}>
            The reference on your donation receipt.
          </p>
          <FieldError id={`${ID}-donationReference-error`} messages={errors.donationReference} />
        </div>
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
