import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/**
 * Mass Emails (/admin/GOTV; docs/product/spec.md §2 "Marketing", docs/decisions/0032-gotv-and-candidate-emails.md): every mass
 * email with its progress and report, and the GOTV compose page at /admin/GOTV/create (a segment,
 * its size and a preview before sending). The REST resources are mass-emails and gotv-*.
 */
const gotv: ConsoleScreen = {
  kind: 'resource',
  name: 'GOTV',
  list: lazyScreen(() => import('./MassEmailList')),
  create: lazyScreen(() => import('./GotvCreate')),
};
export default gotv;
