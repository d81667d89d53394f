import { centsFromDollars, type GivingMember, giftFormFields } from '../../../api/contract/donations';
import { givingLinkParams } from '../../../api/contract/giving-links';
import { dollars } from '../../../api/contract/money';
import {
  type GivingPage,
  giftOutcome,
  loadGivingPage,
  type MemberGiving,
} from '../../../api/modules/donations/giving-page';
import { findRecipient } from '../../../api/modules/donations/recipients';
import { startGift } from '../../../api/modules/donations/start-gift';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../../api/modules/errors';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { createPaymentsPort } from '../../../api/ports/payments';
import { PageHero, Prose } from '../../components/PageHero';
import type { DonationFormProps } from '../../islands/DonationForm';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext, RouteContext } from '../../server/page';

type FormState = Pick<DonationFormProps, 'initialValues' | 'initialErrors' | 'initialFormError'>;

function campaignParam(c: PageContext): number | undefined {
  const n = Number(c.req.query('campaign'));
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

/** The bare page a closed candidate shows: no form (docs/product/spec.md §2 "donate*"). */
/** The form's member: what the island shows, without the organization flag only this page reads. */
function formMember({ isOrganization: _organization, ...member }: MemberGiving): GivingMember {
  return member;
}

function closedPage(c: PageContext, name: string, message: string) {
  return renderPage(c, {
    meta: { title: `Donate to ${name}`, description: message, noindex: true },
    body: (
      <div className="donate">
        <PageHero eyebrow="Donate" title={`Donate to ${name}`} lead={message} />
      </div>
    ),
  });
}

async function givingPage(c: PageContext, slug: string, form: FormState = {}, status = 200) {
  const db = c.get('db');
  const user = c.get('user');
  const campaignId = campaignParam(c);
  const page: GivingPage = await loadGivingPage(db, slug, { campaignId, userId: user?.id ?? null });
  if (page.kind === 'not-found') return renderPage(c, notFoundPage());
  if (page.kind === 'closed') return closedPage(c, page.recipient.name, page.message);
  const { recipient, campaign, member } = page;
  const lists = await getReferenceLists(db);
  const progress = campaign?.goalCents
    ? Math.min(100, Math.round((campaign.raisedCents / campaign.goalCents) * 100))
    : null;
  return renderPage(c, {
    status,
    meta: {
      title: `Donate to ${recipient.name}`,
      description: `Give to ${recipient.name}${recipient.office ? `, candidate for ${recipient.office}` : ''}, within federal contribution limits.`,
      canonicalPath: `/donate/${recipient.handle}`,
    },
    body: (
      <div className="donate">
        <PageHero
          eyebrow={campaign ? campaign.name : 'Donate'}
          title={`Donate to ${recipient.name}`}
          lead={
            recipient.office
              ? `Candidate for ${recipient.office}${recipient.state ? `, ${recipient.state}` : ''}`
              : undefined
          }
        />
        <Prose>
          {campaign && (
            <section aria-labelledby="campaign-heading" className="donate__campaign">
              <h2 id="campaign-heading">{campaign.name}</h2>
              {campaign.goalCents && progress !== null && (
                <>
                  <progress
                    value={campaign.raisedCents}
                    max={campaign.goalCents}
                    aria-label={`Raised ${dollars(campaign.raisedCents)} of ${dollars(campaign.goalCents)}`}
                  />
                  <p>
                    {dollars(campaign.raisedCents)} raised of {dollars(campaign.goalCents)} ({progress}%)
                  </p>
                </>
              )}
            </section>
          )}
          {member?.isOrganization ? (
            <p className="notice notice--error">Organization accounts cannot donate to candidates.</p>
          ) : (
            <Island
              name="DonationForm"
              props={{
                candidate: { handle: recipient.handle, name: recipient.name },
                campaignId: campaign?.id ?? null,
                election: page.election,
                canDesignateGeneral: page.canDesignateGeneral,
                states: lists.states ?? [],
                member: member && formMember(member),
                // The link's refcodes and preset amount; a frequency in it is never read.
                link: givingLinkParams((name) => c.req.query(name)),
                ...form,
              }}
            />
          )}
        </Prose>
      </div>
    ),
  });
}

/** GET /donate/{candidateSlug}: the candidate, the campaign of ?campaign=, and the gift form. */
export function showGivingPage(c: RouteContext<'/donate/:slug'>) {
  return givingPage(c, c.req.param('slug'));
}

/** The form as a plain POST (no JavaScript): refused gifts re-render with their errors; else off to pay. */
export async function submitGift(c: RouteContext<'/donate/:slug'>) {
  const slug = c.req.param('slug');
  const form = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
  const amountCents =
    form.amount && form.amount !== 'custom' ? Number(form.amount) : centsFromDollars(form.customAmount ?? '');
  const values = { ...form };
  try {
    const started = await startGift(
      { db: c.get('db'), payments: createPaymentsPort(c.get('config'), c.get('db')) },
      {
        candidate: slug,
        campaignId: campaignParam(c),
        // Whatever was posted: startGift validates it (NaN → "Choose or enter an amount.").
        amountCents,
        ...giftFormFields(form),
      } as Parameters<typeof startGift>[1],
      { userId: c.get('user')?.id ?? null, ip: c.get('ip') },
    );
    return c.redirect(started.payUrl, 303);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    if (error instanceof ValidationError) {
      return givingPage(
        c,
        slug,
        { initialValues: values, initialErrors: error.fieldErrors, initialFormError: error.message },
        400,
      );
    }
    if (
      error instanceof ConflictError ||
      error instanceof RateLimitedError ||
      error instanceof ForbiddenError
    ) {
      return givingPage(c, slug, { initialValues: values, initialFormError: error.message }, 400);
    }
    throw error;
  }
}

/** Back from the payment page: thanks once the payment is confirmed (it may take a moment). */
export async function showThankYou(c: RouteContext<'/donate/:slug/thank-you'>) {
  const db = c.get('db');
  const recipient = await findRecipient(db, c.req.param('slug'));
  const gift = await giftOutcome(db, c.req.query('ref') ?? '');
  if (!recipient || !gift || gift.candidate_id !== recipient.id) return renderPage(c, notFoundPage());
  if (gift.status === 'pending') c.header('Refresh', '3');
  const paid = gift.status === 'paid';
  return renderPage(c, {
    meta: {
      title: paid ? 'Thank you for your gift' : `Donate to ${recipient.name}`,
      description: 'Your donation.',
      noindex: true,
    },
    body: (
      <div className="donate">
        <PageHero
          eyebrow="Donate"
          title={
            paid
              ? 'Thank you for your gift'
              : gift.status === 'pending'
                ? 'Confirming your gift'
                : 'Your payment did not go through'
          }
        />
        <Prose>
          {paid ? (
            <p data-testid="gift-thanks">
              Your {gift.recurring ? 'monthly ' : ''}gift of {dollars(gift.amount_cents)} to {recipient.name}{' '}
              counts toward the {gift.election} election. Your reference is <strong>{gift.reference}</strong>.
              A receipt was emailed to you.
            </p>
          ) : gift.status === 'pending' ? (
            <p>We are confirming your payment. This page updates by itself in a few seconds.</p>
          ) : (
            <p>
              Nothing was charged. <a href={`/donate/${recipient.handle}`}>Try again</a>.
            </p>
          )}
        </Prose>
      </div>
    ),
  });
}
