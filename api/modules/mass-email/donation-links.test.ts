import { describe, expect, it } from 'vitest';
import { tagDonationLinks } from './donation-links';

const APP = 'https://hq.example.org';

describe('donation links in a mass email', () => {
  it('carry the send as their refcode, with or without a query, a fragment or a full stop after them', () => {
    const text = [
      `Give: ${APP}/donate/ana-ruiz.`,
      `Match: ${APP}/donate/ana-ruiz?campaign=3&amount=25#form`,
      `(${APP}/donate/ana-ruiz)`,
    ].join('\n');
    expect(tagDonationLinks(text, APP, 17)).toBe(
      [
        `Give: ${APP}/donate/ana-ruiz?refcode=em-17.`,
        `Match: ${APP}/donate/ana-ruiz?campaign=3&amount=25&refcode=em-17#form`,
        `(${APP}/donate/ana-ruiz?refcode=em-17)`,
      ].join('\n'),
    );
  });

  it("keeps a link's own refcode, and leaves other pages and other sites alone", () => {
    const text = [
      `${APP}/donate/ana?refcode=spring`,
      `${APP}/donate/follow-up/DON-1`,
      `${APP}/people/ana`,
      `https://elsewhere.example/donate/ana`,
    ].join('\n');
    expect(tagDonationLinks(text, APP, 17)).toBe(text);
  });
});
