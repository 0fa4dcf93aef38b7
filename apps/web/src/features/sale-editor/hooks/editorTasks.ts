// How the editor's actions report a failure (docs/product/screens.md#messages).
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSnackbar } from '../../../app/providers/snackbar';

/** The answer of an awaited mutation, or undefined when it failed (the mutation has reported it already). */
export const settled = <T>(answer: Promise<T>): Promise<T | undefined> => answer.catch(() => undefined);

/** Runs a line action's other work behind the loading overlay: a failure shows in an error snackbar. */
export function useLineTask() {
  const loading = useLoadingOverlay();
  const snackbar = useSnackbar();
  return async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await loading.track(work());
    } catch (err) {
      snackbar.showError(err);
      return undefined;
    }
  };
}
