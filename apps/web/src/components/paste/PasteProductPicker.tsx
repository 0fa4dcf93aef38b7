// A product chosen for one pasted row: the app's product list (search, paging, bundles only) with a 'Choose' action
// per product. Its code (with the data-table library) loads when it is first opened.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { ProductDto } from '@quotewright/contracts';
import { lazy, Suspense } from 'react';
import type { ReviewRow } from './pasteReview';

const ProductTable = lazy(() => import('../products/ProductTable').then((m) => ({ default: m.ProductTable })));

export function PasteProductPicker({
  row,
  onChoose,
  onClose,
}: {
  row: ReviewRow;
  onChoose: (product: ProductDto) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open maxWidth="lg" fullWidth onClose={onClose} aria-labelledby="paste-picker-title">
      <DialogTitle id="paste-picker-title">Choose a Product</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          For row {row.index + 1}: {[row.model, row.description].filter(Boolean).join(' — ') || '(no text)'}
        </Typography>
        <Suspense fallback={<Box sx={{ height: 320 }} />}>
          <ProductTable
            pageSize={10}
            draggable={false}
            insertLabel="Choose"
            initialSearch={row.model.trim()}
            onInsert={onChoose}
          />
        </Suspense>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
