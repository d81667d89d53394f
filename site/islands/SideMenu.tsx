import type { ComponentProps } from 'react';
import { hydrateOnFirstUse } from '../lib/hydrate-on-first-use';
import type SideMenuPanel from './side-menu/SideMenuPanel';

/**
 * The side menu (./side-menu/SideMenuPanel.tsx), hydrated on first use
 * (docs/decisions/0063-header-islands-hydrate-on-first-use.md): closed, it is what the server drew,
 * so React loads when someone reaches for its button, and a click that came first opens it.
 */
export function mount(element: HTMLElement, props: ComponentProps<typeof SideMenuPanel>) {
  hydrateOnFirstUse(element, 'SideMenu', props, () => import('./side-menu/SideMenuPanel'));
}
