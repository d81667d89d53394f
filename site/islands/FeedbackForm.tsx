import { type FormEvent, useState } from 'react';
import { FEEDBACK_TOPICS } from '../../api/contract/feedback-topics';
import type { ReferenceOption } from '../../api/contract/reference-options';
import { FieldError } from '../components/FieldError';
import { useFocusWhen } from '../lib/form-errors';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { trpc } from '../lib/trpc';
import { useReferenceOptions } from '../lib/use-reference-options';
import { useServerErrors } from '../lib/use-server-errors';

export interface FeedbackFormProps {
  /** States rendered by the server so the form works before (or without) JavaScript. */
  fallbackStates: ReferenceOption[];
  initialValues?: Record<string, string>;
  initialErrors?: Record<string, string[] | undefined>;
  initialFormError?: string;
  submitted?: boolean;
}

type Values = Record<'name' | 'email' | 'topic' | 'state' | 'message', string>;

export default function FeedbackForm(props: FeedbackFormProps) {
  const { data: lists } = useReferenceOptions();
  const states = lists?.states ?? props.fallbackStates;
  const { errors, formError, formRef, showError } = useServerErrors({
    errors: props.initialErrors,
    formError: props.initialFormError,
  });
  const [done, setDone] = useState(props.submitted ?? false);
  const thanksRef = useFocusWhen<HTMLHeadingElement>(done);

  const submit = useMutation({
    mutationFn: (values: Values) =>
      trpc.feedback.submit.mutate({ ...values, state: values.state || undefined }),
    retry: false,
    onSuccess: () => setDone(true),
    onError: showError,
  });

  if (done) {
    return (
      <div className="notice notice--success" role="status">
        <h2 ref={thanksRef} tabIndex={-1}>
          Thank you for your feedback
        </h2>
        <p>
          Our team reads every message. If you asked a question, we will answer by email within two business
          days.
        </p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Values;
    submit.mutate(data);
  }

  const v = props.initialValues ?? {};
  const invalid = (name: string) => (errors[name]?.length ? true : undefined);
  const describedBy = (name: string) => (errors[name]?.length ? `${name}-error` : undefined);

  return (
    <form ref={formRef} className="form" method="post" action="/feedback" onSubmit={onSubmit} noValidate>
      {formError && (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      )}
      <div className="field">
        <label htmlFor="feedback-name">Your name</label>
        <input
          id="feedback-name"
          name="name"
          autoComplete="name"
          defaultValue={v.name}
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name')}
        />
        <FieldError id="name-error" messages={errors.name} />
      </div>
      <div className="field">
        <label htmlFor="feedback-email">Email</label>
        <input
          id="feedback-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={v.email}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy('email')}
        />
        <FieldError id="email-error" messages={errors.email} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="feedback-topic">Topic</label>
          <select
            id="feedback-topic"
            name="topic"
            defaultValue={v.topic ?? 'general'}
            aria-invalid={invalid('topic')}
            aria-describedby={describedBy('topic')}
          >
            {FEEDBACK_TOPICS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <FieldError id="topic-error" messages={errors.topic} />
        </div>
        <div className="field">
          <label htmlFor="feedback-state">State (optional)</label>
          <select
            id="feedback-state"
            name="state"
            defaultValue={v.state ?? ''}
            aria-invalid={invalid('state')}
            aria-describedby={describedBy('state')}
          >
            <option value="">Prefer not to say</option>
            {states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError id="state-error" messages={errors.state} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="feedback-message">Your feedback</label>
        <textarea
          id="feedback-message"
          name="message"
          rows={6}
          defaultValue={v.message}
          aria-invalid={invalid('message')}
          aria-describedby={describedBy('message')}
        />
        <FieldError id="message-error" messages={errors.message} />
      </div>
      <button type="submit" className="button button--primary" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Send feedback'}
      </button>
    </form>
  );
}
