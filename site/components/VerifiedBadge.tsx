/**
 * The verified badge of a paid membership (docs/decisions/0024-membership.md, entitlement verified_badge): a check
 * mark with the visible word "Verified", so it never depends on the icon alone.
 */
export function VerifiedBadge() {
  return (
    <span className="verified-badge" data-testid="verified-badge">
      <span aria-hidden="true">✓</span> Verified
    </span>
  );
}
