import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/AppProviders';
import type { Editor } from '../app/providers/editors';
import { routes } from '../app/routes';

/** The whole app (providers, routes, shell) at an address, on an in-memory router. */
export function renderApp(path = '/', opts: { editors?: Editor[] } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient} editors={opts.editors}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
