// The single discrete-mode mechanism: every table renders `useDiscreteColumns(columns)` (the shared DataTable does
// it for you) and any other money figure checks `useDiscreteMode().discrete`.
import { useCallback, useMemo } from 'react';
import { applyDiscrete, type ColumnLike } from '../lib/discreteColumns';
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
        snackbar.showError(err);
      }
    },
    [dialog, setPreference, snackbar],
  );

  const toggle = useCallback(() => setDiscrete(!discrete), [discrete, setDiscrete]);
  return { discrete, setDiscrete, toggle };
}

/**
 * Whether money figures must be hidden now: in discrete mode, and also while the user's preferences are still
 * loading, so a discrete user never sees prices flash on screen before the preference arrives.
 */
export function useHideMoney(): boolean {
  const { preferences, loaded } = usePreferences();
  return preferences.discreteMode || !loaded;
}

/** Columns with sensitive (price, cost, margin, markup) entries removed while money is hidden. */
export function useDiscreteColumns<C extends ColumnLike>(columns: readonly C[]): C[] {
  const hide = useHideMoney();
  return useMemo(() => applyDiscrete(columns, hide), [columns, hide]);
}
