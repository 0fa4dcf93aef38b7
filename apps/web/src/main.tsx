import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/routes';
import { prefetchSaleOfPath } from './lib/salePrefetch';

// A sale's address: its data is read while the editor's code loads; and any screen's code is asked for at once.
prefetchSaleOfPath(window.location.pathname);
preloadScreenOf(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
