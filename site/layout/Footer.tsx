import { SocialIcon, type SocialNetwork } from '../components/SocialIcon';
import type { FooterKind } from '../lib/choose-layout';
import type { NavLink } from '../lib/nav-links';
import { CARD_BRANDS, CardBrandLogo } from './CardBrandLogo';

/** The four link groups of docs/product/spec.md §2, "Footer". */
export const FOOTER_GROUPS: { title: string; links: NavLink[] }[] = [
  {
    title: 'Let us help you',
    links: [
      { href: '/faq', label: 'FAQ' },
      { href: '/shipping-options', label: 'Shipping Options' },
      { href: '/order-status', label: 'Order Status' },
      { href: '/returns', label: 'Returns' },
      { href: '/contact', label: 'Help Center' },
      { href: '/feedback', label: 'Feedback' },
    ],
  },
  {
    title: 'What we offer',
    links: [
      { href: '/merchandise/products', label: 'Best Sellers' },
      { href: '/merchandise/style-gallery', label: 'Style Gallery' },
      { href: '/quality-assurance', label: 'Quality Assurance' },
      { href: '/cart', label: 'Checkout' },
    ],
  },
  {
    title: 'About',
    links: [
      { href: '/about', label: 'About Us' },
      { href: '/career', label: 'Careers' },
      { href: '/press', label: 'Press' },
      { href: '/affiliates', label: 'Affiliates' },
    ],
  },
  {
    title: 'Account & Policy',
    links: [
      { href: '/terms-of-service', label: 'Terms of Service' },
      { href: '/privacy-policy', label: 'Privacy Policy' },
    ],
  },
];

const SOCIAL: { network: SocialNetwork; href: string }[] = [
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/campaignhq' },
  { network: 'X', href: 'https://x.com/campaignhq' },
  { network: 'Instagram', href: 'https://www.instagram.com/campaignhq' },
  { network: 'Facebook', href: 'https://www.facebook.com/campaignhq' },
  { network: 'TikTok', href: 'https://www.tiktok.com/@campaignhq' },
];

/**
 * The shop footer (/merchandise*, /cart) opens with the shipping and payment promises;
 * the default footer keeps them in its closing bar. Both carry every link docs/product/spec.md §2 lists.
 */
export function Footer({ kind }: { kind: FooterKind }) {
  const assurances = (
    <ul className="footer-assurances" aria-label="Shopping with us">
      <li>
        <strong>USA Shipping</strong> - Get your items quickly and safely!
      </li>
      <li>
        <strong>Secure Payment</strong> - Shop with confidence.
      </li>
    </ul>
  );
  return (
    <footer className={`site-footer site-footer--${kind}`} data-footer={kind}>
      {kind === 'merchandise' && <div className="site-footer__shop-band">{assurances}</div>}
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__tagline">
            Campaign HQ is the campaign headquarters and political campaign manager for candidates, activists
            and organizations.
          </p>
          <p className="site-footer__care">
            Customer care: Monday to Friday, 9 a.m. to 6 p.m. Eastern. Email{' '}
            <a href="mailto:support@campaignhq.org">support@campaignhq.org</a> or call{' '}
            <a href="tel:+12025550147">(202) 555-0147</a>.
          </p>
          <ul className="social-links" aria-label="Campaign HQ on social media">
            {SOCIAL.map((s) => (
              <li key={s.network}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`${s.network} (opens in a new tab)`}
                >
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer__bottom">
        <p>All rights reserved 2025 – 2026</p>
        {kind === 'default' && assurances}
        <ul className="card-brands" aria-label="Accepted payment cards">
          {CARD_BRANDS.map((brand) => (
            <li key={brand}>
              <CardBrandLogo brand={brand} />
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
