/** Stroke paths of the header's icons (24 × 24). */
export const ICON_PATHS = {
  envelope: 'M3.5 6.5h17v11h-17zM3.5 6.5l8.5 6.5 8.5-6.5',
  bell: 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20a2 2 0 0 0 4 0',
} as const;

/**
 * The inside of a header icon link: the icon, its name for screen readers and an unread badge
 * (hidden at 0). The badge's text reads "3 unread" after the link's name.
 */
export function IconWithBadge({
  icon,
  label,
  badge,
  count,
}: {
  icon: keyof typeof ICON_PATHS;
  label: string;
  /** data-badge, which tests and styles select by. */
  badge: string;
  count: number;
}) {
  return (
    <>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d={ICON_PATHS[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className="visually-hidden">{label}</span>
      <span className="icon-link__badge" data-badge={badge} data-count={count} hidden={count === 0}>
        {count > 0 && (
          <>
            {count}
            <span className="visually-hidden"> unread</span>
          </>
        )}
      </span>
    </>
  );
}
