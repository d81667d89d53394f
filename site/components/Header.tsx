import type { SessionUser } from '../../api/auth/session-user';
import type { LayoutChoice } from '../layout/choose-layout';
import { GUEST_LINKS, HEADER_LINKS, SIGNED_IN_SIDE_LINKS } from '../lib/nav-links';
import { Island } from './Island';
import { Logo } from './Logo';

/** The header of standard and home-navbar pages (seed section 2, "Header"). Transparent over the page. */
export function Header({
  choice,
  user,
  query,
}: {
  choice: LayoutChoice;
  user: SessionUser | null;
  query?: string;
}) {
  const sideLinks = user ? [...HEADER_LINKS, ...SIGNED_IN_SIDE_LINKS] : HEADER_LINKS;
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
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <Island name="SearchBox" props={{ initialQuery: query ?? '' }} />
        <div className="site-header__account">
          {user ? (
            <a href={user.vendor && user.handle ? `/${user.handle}` : '/myprofile'} className="greeting">
              Hi, {user.role === 'organization' ? user.orgname : user.name}
            </a>
          ) : (
            <ul className="guest-links">
              {GUEST_LINKS.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    className={link.label === 'Signup' ? 'button button--small' : undefined}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Island name="SideMenu" props={{ links: sideLinks }} />
      </div>
    </header>
  );
}
