import simpleRestProvider from 'ra-data-simple-rest';

/** The REST API's base path; also used to build CSV export links. */
export const REST_URL = '/api/admin/rest';

/**
 * ra-data-simple-rest over /api/admin/rest. Same-origin fetch sends the session cookie; writes
 * need no token because the server refuses cross-site Origins (docs/decisions/0002-csrf-and-rate-limits.md).
 */
export const dataProvider = simpleRestProvider(REST_URL);
