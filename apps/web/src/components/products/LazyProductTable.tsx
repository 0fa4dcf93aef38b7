// The product list's table, loaded on demand: it brings the data-table library (the largest part of the app's code),
// which a sale's sections and lines do not need to show.
import { Skeleton } from '@mui/material';
import { type ComponentProps, lazy, Suspense } from 'react';

const ProductTable = lazy(() => import('./ProductTable').then((m) => ({ default: m.ProductTable })));

/** ProductTable, with a placeholder while its code loads. */
export function LazyProductTable(props: ComponentProps<typeof ProductTable>) {
  return (
    <Suspense fallback={<ProductTablePlaceholder />}>
      <ProductTable {...props} />
    </Suspense>
  );
}

export function ProductTablePlaceholder() {
  return <Skeleton variant="rounded" height={320} role="status" aria-label="Loading the product list" />;
}
