import type { SessionUser } from '../../api/auth/session-user';
import { accountMenuUser, displayName, profileHref } from '../lib/account-menu';
import type { HeaderAccountData } from '../lib/header-account';
import { GUEST_LINKS } from '../lib/nav-links';
import { Island } from './Island';

/**
 * The header's right-hand side (seed section 2): guests get Log In, Signup and Signin; signed-in
 * users a greeting, messaging and notification icons (not vendors), Log Out and the avatar menu.
 */
export function HeaderAccount({
  user,
  account,
}: {
  user: SessionUser | null;
  account: HeaderAccountData | null;
}) {
  if (!user || !account) {
    return (
      <div className="site-header__account">
        <ul className="guest-links">
          {GUEST_LINKS.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                className={link.label === 'Signup' ? 'button button--small' : undefined}
                data-track="link"
                data-track-label={`Header: ${link.label}`}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="site-header__account site-header__account--signed-in">
      {!user.vendor && (
        <>
          <Island
            name="MessageBadge"
            props={{ userId: user.id, realtime: account.realtime, count: account.unreadMessages }}
          />
          {account.onNotificationsPage ? (
            <IconLink href="/notifications" label="Notifications" badge="notifications" path={BELL} />
          ) : (
            <Island name="NotificationBell" props={{ userId: user.id, realtime: account.realtime }} />
          )}
        </>
      )}
      <a href={profileHref(user)} className="greeting" title={`Hi, ${displayName(user)}`}>
        {`Hi, ${displayName(user)}`}
      </a>
      <Island name="LogOutButton" props={{ csrfToken: account.csrfToken }} />
      <Island
        name="AccountMenu"
        props={{ user: accountMenuUser(user), campaignDonationsEnabled: account.campaignDonationsEnabled }}
      />
    </div>
  );
}

/** The notification icon as a plain link (on /notifications, where the popover is not shown). */
function IconLink({
  href,
  label,
  badge,
  path,
}: {
  href: string;
  label: string;
  badge: string;
  path: string;
}) {
  return (
    <a href={href} className="icon-link">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className="visually-hidden">{label}</span>
      <span className="icon-link__badge" data-badge={badge} data-count="0" hidden />
    </a>
  );
}

const BELL = 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20a2 2 0 0 0 4 0';
