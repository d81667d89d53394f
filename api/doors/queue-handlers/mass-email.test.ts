import { describe, expect, it } from 'vitest';
import {
  MAINTENANCE_INTERVAL_SECONDS,
  POLLING_INTERVAL_SECONDS,
  worstResumeSeconds,
} from '../../ports/queue';
import { MASS_EMAIL_RUNS } from './mass-email';

/** Embedded PGlite polls every 5 s (api/main.ts): the slower of the two engines bounds the wait. */
const SLOWEST_POLL_SECONDS = Math.max(POLLING_INTERVAL_SECONDS, 5);

describe('mass email runs', () => {
  it('resume within two minutes of their process dying, with the production settings', () => {
    const worst = worstResumeSeconds({
      expireInSeconds: MASS_EMAIL_RUNS.expireInSeconds,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
      retryDelaySeconds: MASS_EMAIL_RUNS.retryDelaySeconds,
      retryBackoff: MASS_EMAIL_RUNS.retryBackoff,
      pollingIntervalSeconds: SLOWEST_POLL_SECONDS,
    });
    expect(worst).toBeLessThan(120);
  });

  it('end their slice well before the queue counts them dead', () => {
    // A run lasts its slice and one message; at three slices of margin a slow batch is not expired.
    expect(MASS_EMAIL_RUNS.sliceMs * 3).toBeLessThanOrEqual(MASS_EMAIL_RUNS.expireInSeconds * 1000);
  });
});

describe('worstResumeSeconds', () => {
  it('adds the expiry, the upkeep interval, the first retry delay (twice it with backoff) and a poll', () => {
    const recovery = {
      expireInSeconds: 60,
      maintenanceIntervalSeconds: 15,
      retryDelaySeconds: 2,
      pollingIntervalSeconds: 5,
    };
    expect(worstResumeSeconds({ ...recovery, retryBackoff: false })).toBe(82);
    expect(worstResumeSeconds({ ...recovery, retryBackoff: true })).toBe(84);
  });
});
