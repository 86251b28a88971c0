import { type ComponentType, type ReactNode, Suspense } from 'react';

/**
 * Marks a part of a server-rendered page as a hydration boundary of its own (decisions 0071, 0075). Nothing in it
 * suspends, so on the client it changes nothing; while hydrating, React takes such a boundary at a low,
 * interruptible priority, in slices, and a tap that comes before it has hydrated makes React hydrate only the
 * boundaries on that tap's path, in the tap's task, instead of the whole page.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** `Component` as a hydration boundary of its own: what a list's section, grid or row exports. */
export function hydratesApart<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Apart(props: P) {
    return (
      <HydratesApart>
        <Component {...props} />
      </HydratesApart>
    );
  }
  Apart.displayName = `HydratesApart(${Component.displayName ?? Component.name})`;
  return Apart;
}
