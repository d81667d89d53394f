import { failedByAccountSpec, failedByIpSpec } from '../../../modules/security/failed-sign-in-list';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Failed sign-ins by address and by account (api/modules/security/failed-sign-in-list.ts). */
export const failedSignInResources: RestResource[] = [
  { name: 'failed-sign-ins-by-ip', handlers: { list: (c) => listResponse(c, c.get('db'), failedByIpSpec) } },
  {
    name: 'failed-sign-ins-by-account',
    handlers: { list: (c) => listResponse(c, c.get('db'), failedByAccountSpec) },
  },
];
