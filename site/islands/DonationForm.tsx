import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  BEST_EFFORTS_STATEMENT,
  centsFromDollars,
  type GiftFrequency,
  giftFormFields,
  giveButtonLabel,
  PRESET_AMOUNTS_CENTS,
} from '../../api/contract/donations';
import { DONOR_ATTESTATIONS, type Election, needsEmployerAndOccupation } from '../../api/contract/fec-limits';
import { dollars } from '../../api/contract/money';
import type { ReferenceOption } from '../../api/contract/reference-options';
import { FieldError } from '../components/FieldError';
import type { FieldErrors } from '../lib/form-errors';
import { fieldErrorsOf, messageOf, trpc } from '../lib/trpc';

export interface DonationFormProps {
  candidate: { handle: string; name: string };
  campaignId: number | null;
  /** The election a gift today counts toward without a designation. */
  election: Election;
  canDesignateGeneral: boolean;
  states: ReferenceOption[];
  /** The signed-in member: prefill, remaining headroom per election and this cycle's total. */
  member: {
    firstName: string;
    lastName: string;
    email: string;
    state: string;
    /** What the member's own earlier gifts gave (empty when none): asked once, not again (WCAG 3.3.7). */
    street: string;
    city: string;
    zip: string;
    employer: string;
    occupation: string;
    remainingCents: Record<Election, number>;
    cycleCents: number;
  } | null;
  /** A plain form POST that came back refused (no JavaScript). */
  initialValues?: Record<string, string>;
  initialErrors?: FieldErrors;
  initialFormError?: string;
}

const ATTESTATIONS = [
  ['attestCitizen', DONOR_ATTESTATIONS[0]],
  ['attestOwnFunds', DONOR_ATTESTATIONS[1]],
  ['attestNotContractor', DONOR_ATTESTATIONS[2]],
  ['attestAdult', DONOR_ATTESTATIONS[3]],
] as const;

const DETAILS = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['email', 'Email', 'email'],
  ['street', 'Street address', 'street-address'],
  ['city', 'City', 'address-level2'],
  ['zip', 'ZIP code', 'postal-code'],
] as const;

/** Where focus goes for each field's error, in the form's order. */
const FOCUS_ORDER: [string, string][] = [
  ['amountCents', 'donate-amount-0'],
  ['frequency', 'donate-frequency-once'],
  ['firstName', 'donate-firstName'],
  ['lastName', 'donate-lastName'],
  ['email', 'donate-email'],
  ['street', 'donate-street'],
  ['city', 'donate-city'],
  ['state', 'donate-state'],
  ['zip', 'donate-zip'],
  ['employer', 'donate-employer'],
  ['occupation', 'donate-occupation'],
  ...ATTESTATIONS.map(([name]) => [name, `donate-${name}`] as [string, string]),
];

/** Dollars typed by the donor in cents, or null. */
function centsOf(text: string): number | null {
  const cents = centsFromDollars(text);
  return Number.isNaN(cents) ? null : cents;
}

/** /donate/{candidateSlug}: the gift form (docs/product/rulings.md "Donations"); also works as a plain POST. */
export default function DonationForm(props: DonationFormProps) {
  const initial = props.initialValues ?? {};
  const [preset, setPreset] = useState<string>(initial.amount ?? '');
  const [custom, setCustom] = useState(initial.customAmount ?? '');
  const [frequency, setFrequency] = useState<GiftFrequency | null>(
    initial.frequency === 'once' || initial.frequency === 'monthly' ? initial.frequency : null,
  );
  const [designateGeneral, setDesignateGeneral] = useState(initial.designateGeneral === 'on');
  const [errors, setErrors] = useState<FieldErrors>(props.initialErrors ?? {});
  const [formError, setFormError] = useState<string | null>(props.initialFormError ?? null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first = FOCUS_ORDER.find(([name]) => errors[name]?.length);
    if (first) document.getElementById(first[1])?.focus();
  }, [errors]);
  useEffect(() => {
    // Back from the payment page through the browser's cache: the button works again.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const m = props.member;
  const known: Record<string, string> = m
    ? {
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        state: m.state,
        street: m.street,
        city: m.city,
        zip: m.zip,
        employer: m.employer,
        occupation: m.occupation,
      }
    : {};
  // What was just posted wins; else what the member's account and earlier gifts already told us.
  const prefill = (name: string) => initial[name] ?? (known[name] || undefined);
  const amountCents = preset === 'custom' || preset === '' ? centsOf(custom) : Number(preset);
  const election: Election = designateGeneral ? 'general' : props.election;
  const cycleBefore = props.member?.cycleCents ?? 0;
  const askEmployer =
    (amountCents !== null && needsEmployerAndOccupation(cycleBefore + amountCents)) ||
    Boolean(errors.employer || errors.occupation || prefill('employer') || prefill('occupation'));
  // "Give $50 once": whole dollars without cents.
  const amountText = amountCents !== null && amountCents > 0 ? dollars(amountCents).replace(/\.00$/, '') : '';
  const remaining = props.member?.remainingCents[election];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    setFormError(null);
    try {
      const started = await trpc.donations.startGift.mutate({
        candidate: props.candidate.handle,
        campaignId: props.campaignId ?? undefined,
        amountCents: amountCents ?? Number.NaN,
        ...giftFormFields(data),
        // The island's own state, not the posted fields (the radio may be unset on the first try).
        frequency: frequency as GiftFrequency,
        designateGeneral,
      } as Parameters<typeof trpc.donations.startGift.mutate>[0]);
      window.location.assign(started.payUrl);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields?.fieldErrors ?? {});
      setFormError(messageOf(error));
      setBusy(false);
    }
  }

  const aria = (name: string) => ({
    'aria-invalid': errors[name]?.length ? true : undefined,
    'aria-describedby': errors[name]?.length ? `donate-${name}-error` : undefined,
  });

  // A refusal that belongs to one field (over the limit: the amount) is said there, once, not
  // again above the form; focus moves to that field, whose description reads it out.
  const formAlert =
    formError && !Object.values(errors).some((messages) => messages?.includes(formError)) ? formError : null;
  const amountDescribedBy = errors.amountCents?.length ? 'donate-amountCents-error' : undefined;

  return (
    <form
      ref={formRef}
      className="form donate-form"
      method="post"
      action={`/donate/${encodeURIComponent(props.candidate.handle)}${props.campaignId ? `?campaign=${props.campaignId}` : ''}`}
      onSubmit={onSubmit}
      noValidate
    >
      {formAlert && (
        <p className="notice notice--error" role="alert">
          {formAlert}
        </p>
      )}
      <fieldset
        className="choice-group donate-form__amounts"
        aria-describedby={errors.amountCents ? 'donate-amountCents-error' : undefined}
      >
        <legend>Amount</legend>
        {PRESET_AMOUNTS_CENTS.map((cents, i) => (
          <label key={cents} className="choice">
            <input
              id={`donate-amount-${i}`}
              type="radio"
              name="amount"
              value={String(cents)}
              checked={preset === String(cents)}
              onChange={() => setPreset(String(cents))}
              aria-describedby={amountDescribedBy}
            />
            {dollars(cents).replace('.00', '')}
          </label>
        ))}
        <label className="choice">
          <input
            type="radio"
            name="amount"
            value="custom"
            checked={preset === 'custom'}
            onChange={() => setPreset('custom')}
            aria-describedby={amountDescribedBy}
          />
          Other amount
        </label>
        <div className="field">
          <label htmlFor="donate-custom">Other amount in dollars</label>
          <input
            id="donate-custom"
            name="customAmount"
            inputMode="decimal"
            aria-describedby={amountDescribedBy}
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
              setPreset('custom');
            }}
          />
        </div>
        <FieldError id="donate-amountCents-error" messages={errors.amountCents} />
        {remaining !== undefined && (
          <p className="field-hint" data-testid="headroom">
            You can give up to {dollars(remaining)} more for the {election}.
          </p>
        )}
      </fieldset>
      <fieldset
        className="choice-group"
        aria-describedby={errors.frequency ? 'donate-frequency-error' : undefined}
      >
        <legend>How often</legend>
        {(['once', 'monthly'] as const).map((f) => (
          <label key={f} className="choice">
            <input
              id={`donate-frequency-${f}`}
              type="radio"
              name="frequency"
              value={f}
              checked={frequency === f}
              onChange={() => setFrequency(f)}
            />
            {f === 'once' ? 'One time' : 'Monthly'}
          </label>
        ))}
        <FieldError id="donate-frequency-error" messages={errors.frequency} />
      </fieldset>
      {props.canDesignateGeneral && (
        <div className="field field--checkbox">
          <label className="choice">
            <input
              type="checkbox"
              name="designateGeneral"
              checked={designateGeneral}
              onChange={(e) => setDesignateGeneral(e.target.checked)}
            />{' '}
            Count toward the general election
          </label>
        </div>
      )}
      <fieldset className="choice-group donate-form__details">
        <legend>Your details</legend>
        {DETAILS.map(([name, label, auto]) => (
          <div key={name} className="field">
            <label htmlFor={`donate-${name}`}>{label}</label>
            <input
              id={`donate-${name}`}
              name={name}
              type={name === 'email' ? 'email' : 'text'}
              autoComplete={auto}
              defaultValue={prefill(name)}
              {...aria(name)}
            />
            <FieldError id={`donate-${name}-error`} messages={errors[name]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="donate-state">State</label>
          <select id="donate-state" name="state" defaultValue={prefill('state') ?? ''} {...aria('state')}>
            <option value="">Choose a state</option>
            {props.states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError id="donate-state-error" messages={errors.state} />
        </div>
        {askEmployer && (
          <>
            <div className="field">
              <label htmlFor="donate-employer">Employer</label>
              <input
                id="donate-employer"
                name="employer"
                autoComplete="organization"
                defaultValue={prefill('employer')}
                {...aria('employer')}
              />
              <FieldError id="donate-employer-error" messages={errors.employer} />
            </div>
            <div className="field">
              <label htmlFor="donate-occupation">Occupation</label>
              <input
                id="donate-occupation"
                name="occupation"
                autoComplete="organization-title"
                defaultValue={prefill('occupation')}
                {...aria('occupation')}
              />
              <FieldError id="donate-occupation-error" messages={errors.occupation} />
            </div>
          </>
        )}
        <p className="field-hint">{BEST_EFFORTS_STATEMENT}</p>
      </fieldset>
      <fieldset className="choice-group">
        <legend>By giving, I confirm that</legend>
        {ATTESTATIONS.map(([name, text]) => (
          <div key={name} className="field field--checkbox">
            <label className="choice">
              <input
                id={`donate-${name}`}
                type="checkbox"
                name={name}
                defaultChecked={initial[name] === 'on'}
                {...aria(name)}
              />{' '}
              {text}
            </label>
            <FieldError id={`donate-${name}-error`} messages={errors[name]} />
          </div>
        ))}
      </fieldset>
      <p className="field-hint">Contributions to federal candidates are not tax-deductible.</p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {amountText ? giveButtonLabel(amountText, frequency) : 'Give'}
      </button>
    </form>
  );
}
