import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type GiftFrequency,
  type GivingMember,
  giftFormFields,
  giveButtonLabel,
  PRESET_AMOUNTS_CENTS,
} from '../../api/contract/donations';
import { type Election, needsEmployerAndOccupation } from '../../api/contract/fec-limits';
import type { GivingLinkParams } from '../../api/contract/giving-links';
import { dollars } from '../../api/contract/money';
import type { ReferenceOption } from '../../api/contract/reference-options';
import type { FieldErrors } from '../lib/form-errors';
import { fieldErrorsOf, messageOf, trpc } from '../lib/trpc';
import { AmountFieldset, amountCentsOf } from './donation-form/AmountFieldset';
import { DonorDetailsFieldset } from './donation-form/DonorDetailsFieldset';
import { FrequencyFieldset } from './donation-form/FrequencyFieldset';
import { useFocusFirstRefusal } from './donation-form/focus-first-refusal';
import { prefillFrom } from './donation-form/member-prefill';
import { RulesStatement } from './donation-form/RulesStatement';

export interface DonationFormProps {
  candidate: { handle: string; name: string };
  campaignId: number | null;
  /** The election a gift today counts toward without a designation. */
  election: Election;
  canDesignateGeneral: boolean;
  states: ReferenceOption[];
  /** The signed-in member: prefill, remaining headroom per election and this cycle's total. */
  member: GivingMember | null;
  /** What the donation link carried: refcodes (posted on) and a preset amount (chosen for the donor). */
  link?: GivingLinkParams;
  /** A plain form POST that came back refused (no JavaScript). */
  initialValues?: Record<string, string>;
  initialErrors?: FieldErrors;
  initialFormError?: string;
}

/**
 * A link's amount as the form's first choice (a preset's button, else "Other amount") and its
 * refcodes as posted fields. Nothing here can choose a frequency.
 */
function linkValues(link: GivingLinkParams | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  if (link?.refcode) values.refcode = link.refcode;
  if (link?.refcode2) values.refcode2 = link.refcode2;
  if (link?.amountCents) {
    const isPreset = (PRESET_AMOUNTS_CENTS as readonly number[]).includes(link.amountCents);
    if (isPreset) values.amount = String(link.amountCents);
    else values.customAmount = (link.amountCents / 100).toFixed(2).replace(/\.00$/, '');
  }
  return values;
}

/** Back from the payment page through the browser's cache: the button works again. */
function useReenableOnPageShow(setBusy: (busy: boolean) => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [setBusy]);
}

/** /donate/{candidateSlug}: the gift form (docs/product/rulings.md "Donations"); also works as a plain POST. */
export default function DonationForm(props: DonationFormProps) {
  const initial = { ...linkValues(props.link), ...props.initialValues };
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
  useFocusFirstRefusal(errors);
  useReenableOnPageShow(setBusy);

  const prefill = prefillFrom(initial, props.member);
  const amountCents = amountCentsOf(preset, custom);
  const election: Election = designateGeneral ? 'general' : props.election;
  const cycleBefore = props.member?.cycleCents ?? 0;
  // Federal law asks once the cycle's total passes $200: a donor under it is not asked.
  const askEmployer =
    needsEmployerAndOccupation(cycleBefore + (amountCents ?? 0)) ||
    Boolean(errors.employer || errors.occupation || initial.employer || initial.occupation);
  // "Give $50 once": whole dollars without cents.
  const amountText = amountCents !== null && amountCents > 0 ? dollars(amountCents).replace(/\.00$/, '') : '';

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

  // A refusal that belongs to one field (over the limit: the amount) is said there, once, not
  // again above the form; focus moves to that field, whose description reads it out.
  const formAlert =
    formError && !Object.values(errors).some((messages) => messages?.includes(formError)) ? formError : null;

  return (
    <form
      ref={formRef}
      className="form donate-form"
      method="post"
      action={`/donate/${encodeURIComponent(props.candidate.handle)}${props.campaignId ? `?campaign=${props.campaignId}` : ''}`}
      onSubmit={onSubmit}
      noValidate
    >
      {initial.refcode && <input type="hidden" name="refcode" value={initial.refcode} />}
      {initial.refcode2 && <input type="hidden" name="refcode2" value={initial.refcode2} />}
      {formAlert && (
        <p className="notice notice--error" role="alert">
          {formAlert}
        </p>
      )}
      <AmountFieldset
        preset={preset}
        onPreset={setPreset}
        custom={custom}
        onCustom={setCustom}
        errors={errors}
        remaining={props.member?.remainingCents[election]}
        election={election}
        onChosen={() => document.getElementById('donate-frequency-once')?.focus()}
      />
      <FrequencyFieldset frequency={frequency} onFrequency={setFrequency} errors={errors} />
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
      <DonorDetailsFieldset
        prefill={prefill}
        errors={errors}
        states={props.states}
        askEmployer={askEmployer}
        returning={Boolean(props.member) && !props.initialValues}
      />
      <RulesStatement initial={initial} errors={errors} />
      <p className="field-hint">Contributions to federal candidates are not tax-deductible.</p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {amountText ? giveButtonLabel(amountText, frequency) : 'Give'}
      </button>
    </form>
  );
}
