import { emailSendRefcode } from '../../contract/giving-links';

/** Punctuation that ends a sentence after a link, not the link ("Give at https://…/donate/ana."). */
const TRAILING = /[.,;:!?)\]'"]+$/;

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every link in `text` to one of this app's donation pages (`{appUrl}/donate/{handle}`, with or
 * without a query) gets `refcode=em-{send}`, so each gift an email brings is counted for its send
 * (docs/decisions/0094-refcodes-and-honest-monthly.md). A link that already names a refcode keeps
 * its own: the writer chose it. Other links, and the donation pages' own sub-pages, are untouched.
 */
export function tagDonationLinks(text: string, appUrl: string, sendId: number | 'preview'): string {
  const origin = escapeForRegExp(appUrl.replace(/\/+$/, ''));
  const link = new RegExp(`${origin}/donate/[A-Za-z0-9_-]+(?:\\?[^\\s#<>]*)?(?:#[^\\s<>]*)?`, 'g');
  return text.replace(link, (match, offset: number) => {
    const next = text.charAt(offset + match.length);
    // A longer path (/donate/follow-up/…) is not a donation page.
    if (next === '/') return match;
    const trailing = TRAILING.exec(match)?.[0] ?? '';
    const url = match.slice(0, match.length - trailing.length);
    if (url.endsWith('/donate/follow-up') || url.endsWith('/donate/recurring')) return match;
    const hashAt = url.indexOf('#');
    const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
    const hash = hashAt === -1 ? '' : url.slice(hashAt);
    const query = beforeHash.includes('?') ? beforeHash.slice(beforeHash.indexOf('?') + 1) : '';
    if (new URLSearchParams(query).has('refcode')) return match;
    const joiner = beforeHash.includes('?') ? (beforeHash.endsWith('?') ? '' : '&') : '?';
    return `${beforeHash}${joiner}refcode=${emailSendRefcode(sendId)}${hash}${trailing}`;
  });
}
