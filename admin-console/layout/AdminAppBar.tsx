import { AppBar, LoadingIndicator } from 'react-admin';

/**
 * react-admin's app bar, whose indicator of requests in flight is a progress bar without a name
 * (axe: aria-progressbar-name, WCAG 4.1.2) whenever a screen loads its data. The console has one
 * theme and one language, so the indicator is all the default toolbar held.
 */
export function AdminAppBar() {
  return <AppBar toolbar={<LoadingIndicator aria-label="Loading" />} />;
}
