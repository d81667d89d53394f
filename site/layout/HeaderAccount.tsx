import type { SessionUser } from '../../api/contract/session-user';
import { IconWithBadge } from '../components/IconWithBadge';
import { accountMenuUser, displayName, profileHref } from '../lib/account-menu';
import { GUEST_LINKS } from '../lib/nav-links';
import type { HeaderAccountData } from '../server/header-account';
import { Island } from '../server/Island';

/**
 * The header's right-hand side (docs/product/spec.md §2): guests get Log In, Signup and Signin; signed-in
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
            <a href="/notifications" className="icon-link">
              <IconWithBadge icon="bell" label="Notifications" badge="notifications" count={0} />
            </a>
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
