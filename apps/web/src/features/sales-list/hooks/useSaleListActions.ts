// The sales list's actions on sales (docs/product/screens.md#sales-list): delete one (admins), import a quote.
import { saleDisplayName } from '@quotewright/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSnackbar } from '../../../app/providers/snackbar';
import { ApiError } from '../../../lib/api';
import { deleteSale, importSale, type SaleListItem } from '../api/sales';

export const DELETE_SALE_MESSAGE = 'Are you sure you want to delete the following sale?';

/** `onImported` is called once an import is in: the upload dialog closes, the new sale opens. */
export function useSaleListActions(onImported: () => void) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();

  const remove = async (sale: SaleListItem) => {
    const ok = await dialog.confirm({
      title: 'Delete Sale',
      message: `${DELETE_SALE_MESSAGE}\n\n${sale.order_number} ${saleDisplayName(sale.name)}`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    try {
      await loading.track(deleteSale(sale._id));
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
    } catch (err) {
      await dialog.error(err);
    }
  };

  const doImport = async (text: string) => {
    try {
      const { id, errors } = await loading.track(importSale(text));
      onImported();
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
      navigate(`/sale/${id}`);
      if (errors.length > 0) {
        snackbar.show(
          `Imported without ${errors.length} product line${errors.length === 1 ? '' : 's'} no longer in the active database: ${errors.map((e) => e.name).join(', ')}`,
          'warning',
        );
      }
    } catch (err) {
      // field-level answers (what the document lacks) are shown in the upload dialog, next to the text to fix
      if (!(err instanceof ApiError && err.hasFieldErrors)) await dialog.error(err);
      throw err;
    }
  };

  return { remove, doImport };
}
