import { signInAttemptsSpec } from '../../../modules/security/sign-in-attempt-list';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Every recorded sign-in attempt (api/modules/security/sign-in-attempt-list.ts). */
export const signInAttempts: RestResource = {
  name: 'sign-in-attempts',
  handlers: { list: (c) => listResponse(c, c.get('db'), signInAttemptsSpec) },
};
