import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSocketFactory } from '../lib/socket';
import { fakeSocketFactory, fakeSockets, nextSocket } from './fakeSocket';

// No test opens a real Socket.IO connection: screens get fake sockets a test may drive (fakeSocket.ts).
setSocketFactory(fakeSocketFactory);

// Screens are lazy-loaded and MUI tables render slowly in jsdom: give async queries room on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  fakeSockets.length = 0;
  delete nextSocket.answer;
});
