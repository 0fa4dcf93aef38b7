import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

/** A module that arrives when `arrive` is called. */
function slowModule(text: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let loads = 0;
  function Loaded() {
    const [n, setN] = useState(0);
    return (
      <button type="button" onClick={() => setN(n + 1)}>
        {text} {n}
      </button>
    );
  }
  const load = async () => {
    loads++;
    await arrived;
    return Loaded;
  };
  return { load, arrive, loads: () => loads };
}

describe('lazyScreen', () => {
  it('a screen not loaded yet suspends (the fallback shows) until its code arrives', async () => {
    const m = slowModule('Screen A');
    const Screen = lazyScreen(m.load);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => m.arrive());
    expect(await screen.findByRole('button', { name: 'Screen A 0' })).toBeInTheDocument();
    expect(m.loads()).toBe(1);
  });

  it('a screen preloaded before it is shown renders at once, without the fallback; its code loads once', async () => {
    const m = slowModule('Screen B');
    const Screen = lazyScreen(m.load);
    const preloaded = Screen.preload();
    m.arrive();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Screen B 0' })).toBeInTheDocument();
    await Screen.preload();
    expect(m.loads()).toBe(1);
  });

  it('a screen shown through the fallback keeps its state when it renders again after loading', async () => {
    const m = slowModule('Screen C');
    const Screen = lazyScreen(m.load);
    function Parent() {
      const [tick, setTick] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setTick(tick + 1)}>
            Parent {tick}
          </button>
          <Suspense fallback={<p>Loading…</p>}>
            <Screen />
          </Suspense>
        </>
      );
    }
    render(<Parent />);
    await act(async () => m.arrive());
    await act(async () => screen.getByRole('button', { name: 'Screen C 0' }).click());
    expect(screen.getByRole('button', { name: 'Screen C 1' })).toBeInTheDocument();
    // the parent renders again: the screen is not mounted anew (its count stays)
    await act(async () => screen.getByRole('button', { name: 'Parent 0' }).click());
    expect(screen.getByRole('button', { name: 'Screen C 1' })).toBeInTheDocument();
  });
});
