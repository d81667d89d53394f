import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Page: ComponentType = () => null;

describe('lazyScreen', () => {
  it('loads the chunk once however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const screen = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([screen.preload(), screen.preload()]);
    await screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ default: Page });
    expect(second).toBe(first);
  });

  it('forgets a failed load, so the next attempt fetches again', async () => {
    const load = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce({ default: Page });
    const screen = lazyScreen(load);
    await expect(screen.preload()).rejects.toThrow('network down');
    await expect(screen.preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
