import type { SessionUser } from '../../api/contract/session-user';
import { Logo } from '../components/Logo';
import type { LayoutChoice } from '../lib/choose-layout';
import { GUEST_LINKS, HEADER_LINKS, SIGNED_IN_SIDE_LINKS } from '../lib/nav-links';
import type { HeaderAccountData } from '../server/header-account';
import { Island } from '../server/Island';
import { HeaderAccount } from './HeaderAccount';

/** The header of standard and home-navbar pages (docs/product/spec.md §2, "Header"). Transparent over the page. */
export function Header({
  choice,
  user,
  account,
  query,
}: {
  choice: LayoutChoice;
  user: SessionUser | null;
  /** Set when a user is signed in: see site/server/header-account.ts. */
  account: HeaderAccountData | null;
  query?: string;
}) {
  // Below md a visitor's Log In, Signup and Signin are not in the bar: the side menu carries them.
  const sideLinks = user ? [...HEADER_LINKS, ...SIGNED_IN_SIDE_LINKS] : [...HEADER_LINKS, ...GUEST_LINKS];
  return (
    <header className={`site-header site-header--${choice.layout}`} data-logo={choice.logo}>
      <div className="site-header__inner">
        <a href="/" className="site-header__home">
          <Logo tone={choice.logo} />
          <span className="visually-hidden">home</span>
        </a>
        <nav className="site-header__nav" aria-label="Main">
          <ul>
            {HEADER_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} data-track="link" data-track-label={`Header: ${link.label}`}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Island name="SearchBox" props={{ initialQuery: query ?? '' }} />
        <Island name="CartButton" props={{}} />
        <HeaderAccount user={user} account={account} />
        <Island name="SideMenu" props={{ links: sideLinks }} />
        {account?.heatmap && <Island name="HeatmapOverlay" props={{}} />}
      </div>
    </header>
  );
}
