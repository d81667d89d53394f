import { decodeBase32IgnorePadding } from '@oslojs/encoding';

/**
 * Every demo staff account has two-factor sign-in on with this one secret (README, "Demo logins";
 * docs/decisions/0040-staff-two-factor-sign-in.md): add it to an authenticator app, or print the
 * current code with `npx tsx api/seed/demo-two-factor-code.ts`. A demo value, public like the demo
 * password; real accounts get a random secret when they enrol.
 */
export const DEMO_TOTP_SECRET = 'CAMPAIGNHQDEMOSTAFFTWOFACTORKEY2';

export const demoTotpKey = (): Uint8Array => decodeBase32IgnorePadding(DEMO_TOTP_SECRET);
