import { totpCodeForStep, totpStep } from '../modules/accounts/totp';
import { DEMO_TOTP_SECRET, demoTotpKey } from './demo-two-factor';

/**
 * Prints the demo staff accounts' current two-factor code, for trying the console without an
 * authenticator app: `npx tsx api/seed/demo-two-factor-code.ts`. Each code signs in once.
 */
const now = Date.now();
const step = totpStep(now);
const secondsLeft = 30 - Math.floor((now / 1000) % 30);
console.log(`Demo staff secret ${DEMO_TOTP_SECRET}`);
console.log(`Code now: ${totpCodeForStep(demoTotpKey(), step)} (for ${secondsLeft} more seconds)`);
console.log(`Next code: ${totpCodeForStep(demoTotpKey(), step + 1)}`);
