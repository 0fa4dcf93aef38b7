// The single discrete-mode mechanism: every table renders `useDiscreteColumns(columns)` (the shared DataTable does
// it for you) and any other money figure checks `useDiscreteMode().discrete`.
import { useCallback, useMemo } from 'react';
import { errorMessage } from '../lib/api';
import { applyDiscrete } from '../lib/discreteColumns';
import { usePreferences } from './providers/currentUser';
import { useDialog } from './providers/dialog';
import { useSnackbar } from './providers/snackbar';

export const EXIT_DISCRETE_MESSAGE =
  'Are you sure you want to exit discrete mode? All pricing and hidden fields will be immediately unhidden.';
export const EXIT_DISCRETE_LABEL = 'Exit Discrete';

export function useDiscreteMode() {
  const { preferences, setPreference } = usePreferences();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const discrete = preferences.discreteMode;

  const setDiscrete = useCallback(
    async (next: boolean) => {
      if (!next) {
        const ok = await dialog.confirm({
          title: 'Exit Discrete Mode',
          message: EXIT_DISCRETE_MESSAGE,
          confirmLabel: EXIT_DISCRETE_LABEL,
        });
        if (!ok) return;
      }
      try {
        await setPreference('discreteMode', next);
      } catch (err) {
        snackbar.show(errorMessage(err), 'error');
      }
    },
    [dialog, setPreference, snackbar],
  );

  const toggle = useCallback(() => setDiscrete(!discrete), [discrete, setDiscrete]);
  return { discrete, setDiscrete, toggle };
}

/** Columns with sensitive (price, cost, margin, markup) entries removed while discrete mode is on. */
export function useDiscreteColumns<C extends { meta?: { sensitive?: unknown } }>(columns: readonly C[]): C[] {
  const { preferences } = usePreferences();
  const discrete = preferences.discreteMode;
  return useMemo(() => applyDiscrete(columns as never, discrete) as C[], [columns, discrete]);
}
