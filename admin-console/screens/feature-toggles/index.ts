import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Feature toggles and announcements (/admin/feature-toggle): one page, both product-wide. */
const featureToggles: ConsoleScreen = {
  kind: 'route',
  name: 'feature-toggle',
  list: lazyScreen(() => import('./FeatureToggleList')),
};
export default featureToggles;
