import { describe, expect, it } from 'vitest';
import { noSoonerThan } from './no-sooner-than';

describe('noSoonerThan', () => {
  it('passes the result through', async () => {
    await expect(noSoonerThan(1, async () => 42)).resolves.toBe(42);
  });

  it('passes a failure through after the floor too', async () => {
    await expect(
      noSoonerThan(1, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
  });
});
