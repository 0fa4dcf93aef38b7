// First: it starts the downloads a page needs before the rest of the app's code runs.
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenOf } from './app/routes';

// The screen of the address: its code is asked for at once (a sale's data and the editor's code already were, by
// boot.ts).
preloadScreenOf(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
