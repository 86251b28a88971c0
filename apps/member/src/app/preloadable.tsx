import { type ComponentType, lazy } from 'react';

/**
 * A lazy page that can also be loaded ahead (`preload`), after which it renders without suspending. A page the
 * server rendered is hydrated that way (decision 0071): a lazy page still loading when React hydrates stays
 * server markup that a tap cannot reach until its chunk has arrived.
 */
export function preloadable(factory: () => Promise<{ default: ComponentType }>) {
  const Lazy = lazy(factory);
  let loaded: ComponentType | null = null;
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const preload = () =>
    factory().then((module) => {
      loaded = module.default;
    });
  return Object.assign(Page, { preload });
}
