// A screen whose code loads on first visit, and can be asked to load earlier (preload): a page loaded on a screen's
// address starts that screen's download with the app's own, instead of after the app's first render. A screen
// already loaded when it is first shown renders at once: React.lazy would suspend it anyway, and React holds a
// suspended screen's fallback on screen for at least 300 ms.
import { type ComponentType, createElement, lazy, useState } from 'react';

export interface LazyScreen {
  (props: object): ReturnType<typeof createElement>;
  /** Starts loading the screen's code (once); resolves when it is loaded. */
  preload(): Promise<unknown>;
}

export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (err: unknown) => {
        // a failed download is tried again on the next visit
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Screen(props: object) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would mount the screen again.
    const [component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  Screen.preload = preload;
  return Screen;
}
