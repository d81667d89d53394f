import type { ComponentProps } from 'react';
import FeedbackForm from './FeedbackForm';
import SearchBox from './SearchBox';
import SideMenu from './SideMenu';

/**
 * Server-side map of island name → component. The name must equal the file name in this
 * folder: the browser loads `./islands/<name>.tsx` (site/client.ts).
 */
export const islands = { FeedbackForm, SearchBox, SideMenu };

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;
