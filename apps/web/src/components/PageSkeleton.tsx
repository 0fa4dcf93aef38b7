import { Box, Skeleton } from '@mui/material';

/** Placeholder while a screen's data loads. */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Box aria-busy="true" aria-label="Loading" data-testid="page-skeleton">
      <Skeleton variant="text" width={240} height={40} sx={{ mb: 2 }} />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}
