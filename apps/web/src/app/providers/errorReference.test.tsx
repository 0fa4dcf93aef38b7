// A failed call's reference (the server's request id, README "Operations") under its message, in the error dialog and
// in the error snackbar: from the problem's `request_id`, else the X-Request-Id header; none for other failures.

import { ThemeProvider } from '@mui/material';
import { templatesApi } from '@quotewright/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { call } from '../../lib/api';
import { answer, problem, serve } from '../../test/msw';
import { createAppTheme } from '../theme';
import { type DialogApi, DialogProvider, useDialog } from './dialog';
import { SnackbarProvider, useSnackbar } from './snackbar';

type Api = { dialog: DialogApi; snackbar: ReturnType<typeof useSnackbar> };

function Probe({ onReady }: { onReady: (api: Api) => void }) {
  onReady({ dialog: useDialog(), snackbar: useSnackbar() });
  return null;
}

function setup(): () => Api {
  let api!: Api;
  render(
    <ThemeProvider theme={createAppTheme('light')}>
      <SnackbarProvider>
        <DialogProvider>
          <Probe
            onReady={(a) => {
              api = a;
            }}
          />
        </DialogProvider>
      </SnackbarProvider>
    </ThemeProvider>,
  );
  return () => api;
}

/** The failure of a call the server refused with `reply`. */
async function failure(reply: ReturnType<typeof problem>): Promise<unknown> {
  serve(answer(templatesApi.remove, reply));
  return call(templatesApi.remove, { params: { id: 't1' } }).then(
    () => expect.unreachable('the call should fail'),
    (err: unknown) => err,
  );
}

describe('the reference of a failed call', () => {
  it("the error dialog shows the server's message and, in small text, the problem's request id", async () => {
    const err = await failure(
      problem(409, 'This template is in use', undefined, 'CONFLICT', {
        members: { request_id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
      }),
    );
    const api = setup();
    act(() => void api().dialog.error(err));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('This template is in use');
    const reference = within(dialog).getByTestId('error-reference');
    expect(reference).toHaveTextContent('Reference: 0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(reference.tagName).toBe('P');
    expect(reference.className).toMatch(/MuiTypography-caption/);
    // the id alone is selected by one click, to copy it
    const id = within(reference).getByText('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(getComputedStyle(id).userSelect).toBe('all');
  });

  it('without request_id in the body, the X-Request-Id header is the reference', async () => {
    const err = await failure(
      problem(500, 'Something went wrong on the server. The error has been logged.', undefined, 'INTERNAL', {
        headers: { 'X-Request-Id': 'lb-trace-0001' },
      }),
    );
    const api = setup();
    act(() => void api().dialog.error(err));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByTestId('error-reference')).toHaveTextContent('Reference: lb-trace-0001');
  });

  it('the error snackbar shows it under its message', async () => {
    const err = await failure(
      problem(404, 'Template not found', undefined, 'NOT_FOUND', { members: { request_id: 'req-snack-0001' } }),
    );
    const api = setup();
    act(() => api().snackbar.showError(err));
    const alert = await screen.findByTestId('snackbar');
    expect(alert).toHaveTextContent('Template not found');
    expect(alert.className).toMatch(/filledError/);
    expect(within(alert).getByTestId('error-reference')).toHaveTextContent('Reference: req-snack-0001');
  });

  it('a message, or a failure that is no call, shows no reference', async () => {
    const api = setup();
    act(() => void api().dialog.error('Invalid JSON'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Invalid JSON');
    expect(within(dialog).queryByTestId('error-reference')).toBeNull();
    act(() => api().snackbar.showError(new Error('Unable to check products')));
    const alert = await screen.findByTestId('snackbar');
    expect(alert).toHaveTextContent('Unable to check products');
    expect(within(alert).queryByTestId('error-reference')).toBeNull();
  });
});
