import { useSnackbar } from '../../../app/providers/snackbar';
import { odooUrl } from '../api/sale';
import { useLatest } from './stableCallbacks';

/**
 * Opens the sale's order in the ERP in a new tab: the tab opens at once (a pop-up allowed by the click), its address
 * follows once the server answers. One function for the editor's life.
 */
export function useOpenInErp(saleId: string): () => void {
  const snackbar = useSnackbar();
  const openInErp = async () => {
    const win = window.open('', '_blank');
    try {
      const { url } = await odooUrl(saleId);
      if (win) win.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (err) {
      win?.close();
      snackbar.showError(err);
    }
  };
  return useLatest(() => void openInErp());
}
