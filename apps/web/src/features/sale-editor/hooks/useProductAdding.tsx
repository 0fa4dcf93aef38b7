// Products added to the sale (docs/product/screens.md#lines-table, #product-list, #product-picker): from the product
// list beside the lines (to the open section's end), from the picker (after the lines it added already), or dropped on
// the lines. A bundle, or a product with related products, goes through the Related Products dialog; the products the
// server did not add are told.
import { useRef, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useSnackbar } from '../../../app/providers/snackbar';
import { BundleErrorMessage, bundleErrorLabel } from '../../../components/products/BundleErrors';
import type { BundleLine } from '../../../components/products/RelatedProductsDialog';
import { getProduct, type Product, type ProductDetail } from '../../../lib/products';
import { useCreateLines } from '../api/mutations';
import type { SaleSection } from '../api/types';
import type { DialogState, PickerState } from '../components/EditorDialogs';
import { settled, useLineTask } from './editorTasks';
import { useLatest } from './stableCallbacks';

export function useProductAdding(
  saleId: string,
  editable: boolean,
  section: SaleSection | null,
  setDialogState: (state: DialogState) => void,
) {
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const lineTask = useLineTask();
  const createLines = useCreateLines(saleId);
  const [picker, setPicker] = useState<PickerState | null>(null);
  const pickerRef = useRef(picker);
  pickerRef.current = picker;
  const sectionRef = useRef(section);
  sectionRef.current = section;

  /** Answers the ids of the lines added. */
  const addLines = async (
    target: string,
    lines: BundleLine[],
    sequence: number,
    bundle: ProductDetail | null,
  ): Promise<string[]> => {
    const res = await settled(createLines.mutateAsync({ sectionId: target, lines, sequence }));
    if (!res) return [];
    const ids = res.lines.map((l) => l._id);
    if (res.errors.length === 0) return ids;
    const items = res.errors.map((e) => bundleErrorLabel(e.product, bundle));
    if (bundle) {
      await dialog.open({ title: 'Error', message: <BundleErrorMessage items={items} /> });
    } else {
      snackbar.show(`Not added (no longer active): ${items.join(', ')}`, 'error');
    }
    return ids;
  };

  /**
   * Adds a product, through the Related Products dialog for a bundle; `onAdded` is told how many lines were added.
   * Answers the new line's id when it was added at once (not through the dialog).
   */
  const addProduct = async (
    productId: number,
    target: string,
    sequence: number,
    onAdded?: (count: number) => void,
  ): Promise<string | undefined> => {
    const product = await lineTask(() => getProduct(productId));
    if (!product) return undefined;
    if (product.is_bundle || product.related_products.length > 0) {
      setDialogState({ kind: 'related', sectionId: target, sequence, product, ...(onAdded ? { onAdded } : {}) });
      return undefined;
    }
    const ids = await addLines(target, [{ product: productId, quantity: '1' }], sequence, null);
    if (ids.length > 0) onAdded?.(ids.length);
    return ids[0];
  };

  /** An insert from the picker: after the lines it added already (at the end when it was opened on the end). */
  const insertFromPicker = (product: Product) => {
    const open = pickerRef.current;
    if (!open) return;
    const sequence = open.sequence < 0 ? open.sequence : open.sequence + open.added;
    void addProduct(product.id, open.sectionId, sequence, (count) =>
      setPicker((p) => (p && p.sectionId === open.sectionId ? { ...p, added: p.added + count } : p)),
    );
  };

  // The product list's insert: one function for the editor's life (the list is built once, see SaleEditor).
  const insertFromList = useLatest((product: Product) => {
    const current = sectionRef.current;
    if (!current) {
      snackbar.show('Open a section to add products to it.', 'info');
      return;
    }
    if (!editable) return;
    void addProduct(product.id, current._id, -1);
  });

  return { picker, setPicker, addLines, addProduct, insertFromPicker, insertFromList };
}
