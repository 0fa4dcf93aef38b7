// Adding a bundle with inactive products shows 'An Error occured while adding the Bundle.', an explanation,
// the list of products not added and the advice to modify the bundle (docs/product/screens.md#messages). Shared by the
// sale and template editors.
import { Box, Typography } from '@mui/material';
import type { ProductDetail } from '../../lib/products';

export const BUNDLE_ERROR_TITLE = 'An Error occured while adding the Bundle.';

/** A product the server did not add (an id, or an object holding one), named from the bundle when it is in it. */
export function bundleErrorLabel(id: unknown, bundle: ProductDetail | null): string {
  const pid = typeof id === 'object' && id !== null && 'id' in id ? (id as { id: unknown }).id : id;
  const found = bundle?.related_products.find((r) => r.product.id === pid);
  if (found) return `${found.product.name}${found.description ? ` — ${found.description}` : ''}`;
  if (bundle && bundle.id === pid) return bundle.name;
  return `Product #${String(pid)}`;
}

export function BundleErrorMessage({ items }: { items: readonly string[] }) {
  return (
    <Box>
      <Typography fontWeight={600} gutterBottom>
        {BUNDLE_ERROR_TITLE}
      </Typography>
      <Typography gutterBottom>
        The following products are no longer in the active database and were not added:
      </Typography>
      <Box component="ul" data-testid="bundle-errors">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </Box>
      <Typography>Please modify the bundle and remove the inactive products.</Typography>
    </Box>
  );
}
