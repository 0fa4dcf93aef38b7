// Related Products (docs/product/screens.md#related-products): a multiplier (min 1, default 1); related quantities are
// editable or removable before adding; every quantity is multiplied by the multiplier on add.
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  multiplyRelatedQuantities,
  RELATED_MULTIPLIER_DEFAULT,
  RELATED_MULTIPLIER_MIN,
  relatedMultiplier,
} from '@quotewright/domain';
import { useState } from 'react';
import type { ProductDetail, RelatedProduct } from '../../lib/products';

export interface BundleLine {
  product: number;
  quantity: string;
}

interface Item {
  key: number;
  related: RelatedProduct;
  quantity: string;
}

/** The lines to create: the bundle itself (quantity = multiplier) and each kept related product × multiplier. */
export function bundleLines(
  productId: number,
  items: { product: number; quantity: string }[],
  multiplier: unknown,
): BundleLine[] {
  const m = relatedMultiplier(multiplier);
  return [
    { product: productId, quantity: String(m) },
    ...multiplyRelatedQuantities(items, m).map((i) => ({ product: i.product, quantity: i.quantity })),
  ];
}

export function RelatedProductsDialog({
  product,
  onAdd,
  onCancel,
}: {
  product: ProductDetail;
  onAdd: (lines: BundleLine[]) => void;
  onCancel: () => void;
}) {
  const [multiplier, setMultiplier] = useState(String(RELATED_MULTIPLIER_DEFAULT));
  const [items, setItems] = useState<Item[]>(() =>
    product.related_products.map((r, key) => ({ key, related: r, quantity: String(Number(r.quantity)) })),
  );
  const m = Number(multiplier);
  const multiplierValid = Number.isFinite(m) && m >= RELATED_MULTIPLIER_MIN;
  const quantitiesValid = items.every((i) => Number.isFinite(Number(i.quantity)) && Number(i.quantity) > 0);

  return (
    <Dialog open maxWidth="md" fullWidth disableEscapeKeyDown aria-labelledby="related-title">
      <DialogTitle id="related-title">Related Products</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography>
            <strong>{product.name}</strong> {product.description ? `— ${product.description}` : ''} is a bundle. Adjust
            or remove its related products, then add them all.
          </Typography>
          <TextField
            label="Quantity"
            type="number"
            size="small"
            value={multiplier}
            onChange={(e) => setMultiplier(e.target.value)}
            error={!multiplierValid}
            helperText={
              multiplierValid ? 'Related quantities are multiplied by this' : `At least ${RELATED_MULTIPLIER_MIN}`
            }
            slotProps={{ htmlInput: { min: RELATED_MULTIPLIER_MIN, step: 1, 'aria-label': 'Multiplier' } }}
            sx={{ maxWidth: 240 }}
          />
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Model</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell align="right">Total Qty</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => {
                const q = Number(item.quantity);
                return (
                  <TableRow key={item.key} data-testid="related-row">
                    <TableCell>
                      {item.related.product.name}
                      {item.related.product.active === false && (
                        <Typography component="span" color="error" variant="caption" sx={{ ml: 1 }}>
                          inactive
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{item.related.description}</TableCell>
                    <TableCell align="right" sx={{ width: 120 }}>
                      <TextField
                        size="small"
                        type="number"
                        value={item.quantity}
                        onChange={(e) =>
                          setItems((all) =>
                            all.map((x) => (x.key === item.key ? { ...x, quantity: e.target.value } : x)),
                          )
                        }
                        slotProps={{ htmlInput: { min: 0, 'aria-label': `Quantity of ${item.related.product.name}` } }}
                      />
                    </TableCell>
                    <TableCell align="right" data-testid="related-total">
                      {multiplierValid && Number.isFinite(q) ? String(q * m) : ''}
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title="Remove">
                        <IconButton
                          size="small"
                          aria-label={`Remove ${item.related.product.name}`}
                          onClick={() => setItems((all) => all.filter((x) => x.key !== item.key))}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary' }}>
                    Only the bundle itself will be added.
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!multiplierValid || !quantitiesValid}
          onClick={() =>
            onAdd(
              bundleLines(
                product.id,
                items.map((i) => ({ product: i.related.product.id, quantity: i.quantity })),
                multiplier,
              ),
            )
          }
        >
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
