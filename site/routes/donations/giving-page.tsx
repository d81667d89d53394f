import { centsFromDollars, type GivingMember, giftFormFields } from '../../../api/contract/donations';
import { givingLinkParams } from '../../../api/contract/giving-links';
import { askCookie } from '../../../api/modules/donations/ask-pass';
import {
  type GivingPage,
  loadGivingPage,
  type MemberGiving,
} from '../../../api/modules/donations/giving-page';
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
import { PageHero } from '../../components/PageHero';
import type { DonationFormProps } from '../../islands/DonationForm';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext, RouteContext } from '../../server/page';
import { GivingHero } from './GivingHero';

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
  return renderPage(c, {
    status,
    meta: {
      title: `Donate to ${recipient.name}`,
      description: `Give to ${recipient.name}${recipient.office ? `, candidate for ${recipient.office}` : ''}, within federal contribution limits.`,
      canonicalPath: `/donate/${recipient.handle}`,
    },
    body: (
      <div className="donate">
        <GivingHero recipient={recipient} pitch={page.pitch} campaign={campaign} />
        <div className="prose donate__body">
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
        </div>
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
  // Dollars typed under "Other amount" win over a button, as on the island (amountCentsOf).
  const amountCents = form.customAmount?.trim()
    ? centsFromDollars(form.customAmount)
    : form.amount
      ? Number(form.amount)
      : Number.NaN;
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
    const config = c.get('config');
    // The browser that gave is the one the thank-you page asks to give monthly (ask-pass.ts).
    c.header('Set-Cookie', askCookie(config.secureCookies, config.appSecret, started.reference), {
      append: true,
    });
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
