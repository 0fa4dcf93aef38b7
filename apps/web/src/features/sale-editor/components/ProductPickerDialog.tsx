// The product picker (SPEC §2): only Cancel closes it (no backdrop or Escape), an 'Insert' action per row.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ProductTable } from '../../../components/products/ProductTable';
import type { Product } from '../../../lib/products';

export function ProductPickerDialog({
  open,
  pageSize,
  onInsert,
  onCancel,
}: {
  open: boolean;
  pageSize: number;
  onInsert: (product: Product) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} maxWidth="lg" fullWidth disableEscapeKeyDown aria-labelledby="product-picker-title">
      <DialogTitle id="product-picker-title">Select a Product</DialogTitle>
      <DialogContent dividers>
        {open && <ProductTable pageSize={pageSize} onInsert={onInsert} draggable={false} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
