import { appPayableOwners } from '../../../api/modules/payable-owners';
import type { PageContext } from '../../server/page';

/** What delivering a test gateway charge needs, from the request. */
export function paymentDeps(c: PageContext) {
  return {
    db: c.get('db'),
    email: c.get('email'),
    realtime: c.get('realtime'),
    config: c.get('config'),
    jobs: c.get('jobs'),
    owners: appPayableOwners(),
  };
}
