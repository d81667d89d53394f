/**
 * What a person is told about a refused two-factor code: by the code step's page
 * (site/lib/auth-errors.ts) and by the set-up and turn-off forms (api/modules/accounts/two-factor.ts).
 */
export const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';

/**
 * The code that was last accepted, sent again (a second submission, the back button, a code typed
 * twice): right, but each code works once, so the next one is what the person needs.
 */
export const USED_CODE_MESSAGE =
  'That code was already used. Wait for your authenticator app to show the next code, then enter that one.';
