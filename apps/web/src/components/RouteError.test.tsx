import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';

let failure: Error = new Error('unset');

function Broken(): never {
  throw failure;
}

function renderFailing(error: Error) {
  failure = error;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('shows a failed screen with its message and a Reload action', () => {
    renderFailing(new Error('boom'));
    expect(screen.getByTestId('route-error')).toHaveTextContent('Something went wrong on this screen');
    expect(screen.getByTestId('route-error')).toHaveTextContent('boom');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('explains a screen whose code could not be downloaded (a new version was deployed)', () => {
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/UsersPage-abc.js'));
    expect(screen.getByTestId('route-error')).toHaveTextContent('This screen could not be loaded');
    expect(screen.getByTestId('route-error')).toHaveTextContent('Reload to continue');
  });
});
