import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FEATURES } from '../../api/contract/feature-names';
import { type AccountMenuUser, accountMenuItems } from '../lib/account-menu';
import { useQuery } from '../lib/query-hooks/use-query';
import { PROFILE_IMAGE_STORAGE_KEY, signOut } from '../lib/sign-out';
import { trpc } from '../lib/trpc';
import { useCloseOnPointerOutside } from '../lib/use-close-on-pointer-outside';

export interface AccountMenuProps {
  user: AccountMenuUser;
  /** The server's answer for the campaign-donations toggle; the query below keeps it fresh. */
  campaignDonationsEnabled: boolean;
}

/**
 * The avatar menu (docs/product/spec.md §2): a menu button with the profile image. Enter, Space and
 * ArrowDown open it on the first item, ArrowUp on the last; arrows, Home and End move; Escape
 * closes it and returns focus to the button; Tab or a click outside closes it.
 */
export default function AccountMenu({ user, campaignDonationsEnabled }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  // Feature access: fresh for 60 s, refetched on window focus; a missing result means enabled.
  const access = useQuery({
    queryKey: ['featureToggle.getFeatureAccess', FEATURES.campaignDonations],
    queryFn: () => trpc.featureToggle.getFeatureAccess.query({ featureName: FEATURES.campaignDonations }),
    initialData: { enabled: campaignDonationsEnabled },
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    enabled: user.candidate,
  });
  const items = accountMenuItems(user, access.data?.enabled ?? true);

  useEffect(() => {
    // docs/product/spec.md §3–4 keeps the profile image in local storage; Log Out removes it.
    if (!user.profileImage) return;
    try {
      localStorage.setItem(PROFILE_IMAGE_STORAGE_KEY, user.profileImage);
    } catch {
      // Storage unavailable: the header still shows the image from the page.
    }
  }, [user.profileImage]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useCloseOnPointerOutside(rootRef, open, setOpen);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  function onSignOut() {
    setSigningOut(true);
    void signOut();
  }

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {user.profileImage ? (
          <img className="account-menu__avatar" src={user.profileImage} alt="" width="40" height="40" />
        ) : (
          <span className="account-menu__avatar account-menu__avatar--initial" aria-hidden="true">
            {user.name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="visually-hidden">Account menu</span>
      </button>
      <div
        id={menuId}
        className="account-menu__list"
        role="menu"
        aria-label="Account"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item, index) => {
          const ref = (el: HTMLElement | null) => {
            itemRefs.current[index] = el;
          };
          const key = `${item.label}-${index}`;
          const separated = item.kind === 'sign-out' ? 'account-menu__item--separated' : undefined;
          return item.kind === 'link' ? (
            <a
              key={key}
              ref={ref}
              role="menuitem"
              tabIndex={-1}
              href={item.href}
              onFocus={() => setActive(index)}
            >
              {item.label}
            </a>
          ) : (
            <button
              key={key}
              ref={ref}
              className={separated}
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={signingOut}
              onClick={onSignOut}
              onFocus={() => setActive(index)}
            >
              {signingOut ? 'Signing out…' : item.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
