import type { LogoTone } from '../lib/choose-layout';

/** The mark: a star over a ballot box; navy on light backgrounds, white on dark ones. */
export function Logo({ tone }: { tone: LogoTone }) {
  return (
    <span className={`logo logo--${tone}`} data-logo={tone}>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect x="4" y="18" width="32" height="18" rx="3" className="logo__box" />
        <rect x="14" y="16" width="12" height="4" rx="1" className="logo__slot" />
        <path
          d="M20 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L20 17.8 13.8 21l1.2-6.8-5-4.9 6.9-1z"
          className="logo__star"
        />
      </svg>
      <span className="logo__text">
        Campaign<strong>HQ</strong>
      </span>
    </span>
  );
}
