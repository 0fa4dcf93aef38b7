import { ThemeProvider } from '@mui/material';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createAppTheme } from '../theme';
import { type DialogApi, DialogProvider, useDialog } from './dialog';
import { LoadingProvider, useLoadingOverlay } from './loading';
import { SnackbarProvider, useSnackbar } from './snackbar';

function Probe({
  onReady,
}: {
  onReady: (api: {
    dialog: DialogApi;
    snackbar: ReturnType<typeof useSnackbar>;
    loading: ReturnType<typeof useLoadingOverlay>;
  }) => void;
}) {
  onReady({ dialog: useDialog(), snackbar: useSnackbar(), loading: useLoadingOverlay() });
  return null;
}

function setup() {
  let api!: Parameters<Parameters<typeof Probe>[0]['onReady']>[0];
  render(
    <ThemeProvider theme={createAppTheme('light')}>
      <SnackbarProvider>
        <DialogProvider>
          <LoadingProvider>
            <Probe
              onReady={(a) => {
                api = a;
              }}
            />
          </LoadingProvider>
        </DialogProvider>
      </SnackbarProvider>
    </ThemeProvider>,
  );
  return () => api;
}

describe('snackbar', () => {
  it('shows at the top right and hides after 6 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = setup();
    act(() => api().snackbar.show('Saved!', 'success'));
    const alert = await screen.findByTestId('snackbar');
    expect(alert).toHaveTextContent('Saved!');
    expect(alert.className).toMatch(/filledSuccess/);
    const root = alert.closest('.MuiSnackbar-root') as HTMLElement;
    expect(root.className).toMatch(/anchorOriginTopRight/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_500);
    });
    expect(screen.getByTestId('snackbar')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() => expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument());
  });
});

describe('dialog host', () => {
  it('error dialogs are titled Error; requests queue and resolve with the chosen action', async () => {
    const api = setup();
    let first: Promise<void> | undefined;
    let second: Promise<string | null> | undefined;
    act(() => {
      first = api().dialog.error('Something broke');
      second = api().dialog.open({
        title: 'Pick one',
        message: 'Which?',
        actions: [{ label: 'Left' }, { label: 'Right', value: 'r' }],
      });
    });
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Something broke');
    await userEvent.click(within(error).getByRole('button', { name: 'OK' }));
    await first;
    const pick = await screen.findByRole('dialog', { name: 'Pick one' });
    await userEvent.click(within(pick).getByRole('button', { name: 'Right' }));
    await expect(second).resolves.toBe('r');
  });

  it('confirm resolves false on Cancel and true on the confirm button', async () => {
    const api = setup();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = api().dialog.confirm({ message: 'Sure?', confirmLabel: 'Do it' });
    });
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = api().dialog.confirm({ message: 'Sure?', confirmLabel: 'Do it' });
    });
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Do it' }));
    await expect(answer).resolves.toBe(true);
  });
});

describe('loading overlay', () => {
  it('is shown while tracked work is pending', async () => {
    const api = setup();
    let finish: () => void = () => {};
    act(() => {
      void api().loading.track(
        new Promise<void>((r) => {
          finish = r;
        }),
      );
    });
    expect(await screen.findByLabelText('Loading')).toBeVisible();
    await act(async () => finish());
    await waitFor(() => expect(api().loading.isLoading).toBe(false));
  });
});
