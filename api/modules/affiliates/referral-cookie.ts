import { ATTRIBUTION_DAYS } from '../../contract/affiliates';

/**
 * The first-party cookie that carries a referral (docs/decisions/0031-affiliates-and-partner-revenue.md): the token of the counted
 * click, never the code or the time, so the first touch is the server's record and a visitor
 * cannot move it. Lives as long as a first touch can still attribute a purchase.
 */
export function referralCookieName(secure: boolean): string {
  return secure ? '__Host-hq_ref' : 'hq_ref';
}

export const REFERRAL_COOKIE_SECONDS = ATTRIBUTION_DAYS * 86_400;
