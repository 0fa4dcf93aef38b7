import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadSaleEditor } from './app/routes';
import { prefetchSaleOfPath } from './lib/salePrefetch';

// A sale's address: its data is read, and the editor's code loaded, while the app's shell starts (not after it).
if (prefetchSaleOfPath(window.location.pathname)) void loadSaleEditor();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
