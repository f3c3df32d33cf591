import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A React.lazy component whose download can start before it renders. */
export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * React.lazy for a named export, with `preload()`: what a page shows only after an action (a
 * dialog) leaves the route's initial JavaScript (issue 18: ≤ 180 KB gzip per route) and is
 * downloaded when the pointer or the focus reaches the button that opens it (preloadOn), so that
 * it opens at once. Render it inside a <Suspense>. A failed preload is tried again by the next one
 * or by the render.
 */
export function lazyWithPreload<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): PreloadableComponent<PropsOf<M[K]>> {
  let loading: Promise<{ default: ComponentType<PropsOf<M[K]>> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: module[name] as ComponentType<PropsOf<M[K]>> }),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/** Props for the button that opens `component`: its code downloads on hover, touch or focus. */
export function preloadOn(component: { preload: () => Promise<unknown> }) {
  const start = () => {
    component.preload().catch(() => {
      // Shown (and tried again) when the component renders.
    });
  };
  return { onPointerEnter: start, onPointerDown: start, onFocus: start };
}
