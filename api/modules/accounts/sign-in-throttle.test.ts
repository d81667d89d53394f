import { describe, expect, it } from 'vitest';
import { MAX_DELAY_SECONDS, PAIR_FREE_FAILURES, pairDelaySeconds } from './sign-in-throttle';

describe('pairDelaySeconds', () => {
  it.each([
    [0, 0],
    [PAIR_FREE_FAILURES - 1, 0],
    [PAIR_FREE_FAILURES, 1],
    [PAIR_FREE_FAILURES + 1, 2],
    [PAIR_FREE_FAILURES + 5, 32],
    [PAIR_FREE_FAILURES + 9, 512],
    [PAIR_FREE_FAILURES + 10, MAX_DELAY_SECONDS],
    [10_000, MAX_DELAY_SECONDS],
  ])('after %i failures waits %i seconds', (failures, seconds) => {
    expect(pairDelaySeconds(failures)).toBe(seconds);
  });
});
