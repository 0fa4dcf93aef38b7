import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setSocketFactory } from '../lib/socket';
import { fakeSocketFactory, fakeSockets, nextSocket } from './fakeSocket';
import { assertNoFailures, onUnhandledRequest, resetRecord, server } from './msw';

// No test opens a real Socket.IO connection: screens get fake sockets a test may drive (fakeSocket.ts).
setSocketFactory(fakeSocketFactory);

// Screens are lazy-loaded and MUI tables render slowly in jsdom: give async queries room on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

// jsdom computes a style by matching the element against every rule of every style sheet (MUI's emotion adds ~1,300
// in development), and Testing Library's role queries ask for the style of each candidate and of each of its
// ancestors, again and again: most of a screen test's time went there. A style is kept until the document changes
// (any mutation the observer has queued, taken synchronously): the same answer, computed once per element.
{
  const view = document.defaultView ?? window;
  const compute = view.getComputedStyle.bind(view);
  let styles = new WeakMap<Element, CSSStyleDeclaration>();
  // (a mutation is either still queued, taken below, or was delivered here: either way the styles are forgotten)
  const changes = new MutationObserver(() => {
    styles = new WeakMap();
  });
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const cached = (element: Element, pseudo?: string | null) => {
    if (changes.takeRecords().length > 0) styles = new WeakMap();
    if (pseudo) return compute(element, pseudo);
    let style = styles.get(element);
    if (!style) {
      style = compute(element);
      styles.set(element, style);
    }
    return style;
  };
  // (Testing Library asks the element's window, which is not always the global one)
  view.getComputedStyle = cached;
  window.getComputedStyle = cached;
}

// jsdom matches each rule's selector with nwsapi, which keeps compiled selectors in a least-recently-used cache of
// 1,000 entries. Walked in order, MUI's ~1,300+ rules miss it every time: each style asked for recompiled every
// selector (most of a screen test's time, growing with each test as rules pile up). The caches are made unbounded
// (a test file's selectors are a few thousand strings at most).
{
  const style = window.getComputedStyle(document.body); // creates the document's matcher
  void style.display;
  const impl = Object.getOwnPropertySymbols(document).find((key) => key.description === 'impl');
  type Cache = {
    get(key: string): unknown;
    set(key: string, value: unknown): void;
    has(key: string): boolean;
    clear(): void;
  };
  const matcher =
    impl &&
    (document as unknown as Record<symbol, Record<string, Record<string, Cache> | undefined>>)[impl]?._nwsapiDontThrow;
  if (!matcher) throw new Error('jsdom changed: its selector matcher is not where setup.ts looks for it');
  for (const name of ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers']) {
    const cache = matcher[name];
    if (!cache) throw new Error(`jsdom changed: nwsapi has no ${name} cache`);
    const entries = new Map<string, unknown>();
    cache.get = (key) => entries.get(key);
    cache.set = (key, value) => void entries.set(key, value);
    cache.has = (key) => entries.has(key);
    cache.clear = () => entries.clear();
  }
}

// jsdom has no matchMedia; answer like a desktop screen so the shell shows its permanent drawer.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// The HTTP API is played by msw (msw.ts): each test gives its handlers; a request none answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest }));
beforeEach(() => resetRecord());
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  fakeSockets.length = 0;
  delete nextSocket.answer;
  server.resetHandlers();
  assertNoFailures();
});
