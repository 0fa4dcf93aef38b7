import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
// The DOM's RouterProvider: it can render a navigation at once (navigate's flushSync), which a section's opening asks.
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './AppProviders';
import { routes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
