import { startTracking } from '../lib/tracker/start';

/**
 * First-party analytics on every non-admin page (mounted once by the page shell). A mounted island
 * (docs/decisions/0027-javascript-weight.md): the server renders its empty marker (site/islands/registry.ts), and the browser
 * runs `mount` without React, which a component that renders nothing does not need.
 */
export function mount(_element: HTMLElement, { userId }: { userId: number | null }) {
  startTracking(userId);
}
