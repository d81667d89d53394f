import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen's lazily loaded page that can also be asked to start loading before it renders. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` with a `preload()`: main.tsx starts fetching the chunk of the screen being opened while
 * the console's own code still boots and asks for the staff member's permissions, instead of after
 * (docs/decisions/0064-console-boot-in-parallel.md). Both share one load; a failed load is forgotten,
 * so the next render tries again.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}
