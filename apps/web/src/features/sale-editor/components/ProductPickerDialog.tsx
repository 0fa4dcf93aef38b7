// The product picker: 'Insert' on a row adds that product and keeps the picker open, so several products go in one
// after the other; a running count says what was added. Close (or Escape) closes it; a click beside it does not,
// so a stray click never loses the search and the page the user is on.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ProductTable } from '../../../components/products/ProductTable';
import type { Product } from '../../../lib/products';

export const linesAddedText = (count: number) => `${count} line${count === 1 ? '' : 's'} added`;

export function ProductPickerDialog({
  open,
  pageSize,
  added,
  onInsert,
  onClose,
}: {
  open: boolean;
  pageSize: number;
  /** Lines added since the picker opened. */
  added: number;
  onInsert: (product: Product) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      maxWidth="lg"
      fullWidth
      onClose={(_e, reason) => {
        if (reason === 'escapeKeyDown') onClose();
      }}
      aria-labelledby="product-picker-title"
    >
      <DialogTitle id="product-picker-title">Select a Product</DialogTitle>
      <DialogContent dividers>
        {open && <ProductTable pageSize={pageSize} onInsert={onInsert} draggable={false} />}
      </DialogContent>
      <DialogActions>
        <Box
          component="output"
          aria-live="polite"
          data-testid="picker-added"
          sx={{ flexGrow: 1, pl: 1, color: 'text.secondary', fontSize: 14 }}
        >
          {added > 0 ? linesAddedText(added) : ''}
        </Box>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
