// The product list's table, loaded on demand: it brings the data-table library (the largest part of the app's code),
// which a sale's sections and lines do not need to show.
// Its placeholder takes the height the list had the last time it showed a page of products in this browser (for the
// same page size and density), so what is below it does not jump when the list arrives: a user grabbing a section
// below the list would otherwise grab whatever moved under the pointer.
import { Box, Skeleton } from '@mui/material';
import { type ComponentProps, lazy, Suspense, useCallback, useRef } from 'react';

const ProductTable = lazy(() => import('./ProductTable').then((m) => ({ default: m.ProductTable })));

type Props = ComponentProps<typeof ProductTable>;

export const PRODUCT_LIST_HEIGHTS_KEY = 'quotewright.productListHeights';
/** Heights measured in Chromium for the editor's two settings (5 rows; 20 dense rows in widescreen). */
const MEASURED_HEIGHTS: Record<string, number> = { '5': 526, '20-dense': 754 };
const DEFAULT_HEIGHT = 320;

const sizeKey = ({ pageSize, dense }: { pageSize: number; dense?: boolean }) => `${pageSize}${dense ? '-dense' : ''}`;

function readHeights(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PRODUCT_LIST_HEIGHTS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The height the list had with these settings, or a default before it was ever shown. */
export function rememberedHeight(size: { pageSize: number; dense?: boolean }): number {
  const key = sizeKey(size);
  const height = readHeights()[key];
  return typeof height === 'number' && Number.isFinite(height) && height > 0
    ? height
    : (MEASURED_HEIGHTS[key] ?? DEFAULT_HEIGHT);
}

function rememberHeight(size: { pageSize: number; dense?: boolean }, height: number) {
  if (!(height > 0)) return;
  try {
    window.localStorage.setItem(
      PRODUCT_LIST_HEIGHTS_KEY,
      JSON.stringify({ ...readHeights(), [sizeKey(size)]: Math.round(height) }),
    );
  } catch {
    // storage unavailable: the next visit uses the default height
  }
}

/** ProductTable, with a placeholder of its last height while its code loads. */
export function LazyProductTable(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { pageSize, dense } = props;
  const onFirstPage = useCallback(
    () => requestAnimationFrame(() => rememberHeight({ pageSize, dense }, box.current?.offsetHeight ?? 0)),
    [pageSize, dense],
  );
  return (
    <Box ref={box}>
      <Suspense fallback={<ProductTablePlaceholder pageSize={pageSize} dense={dense} />}>
        <ProductTable {...props} onFirstPage={onFirstPage} />
      </Suspense>
    </Box>
  );
}

export function ProductTablePlaceholder(size: { pageSize: number; dense?: boolean }) {
  return (
    <Skeleton
      variant="rounded"
      height={rememberedHeight(size)}
      role="status"
      aria-label="Loading the product list"
      data-testid="product-list-placeholder"
    />
  );
}
