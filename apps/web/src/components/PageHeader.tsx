import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/usePageTitle';

/** A screen's heading; also sets the tab title (docs/product/screens.md#routes: the page title is set per screen). */
export function PageHeader({ title, actions, subtitle }: { title: string; actions?: ReactNode; subtitle?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1" fontWeight={600}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions}
    </Box>
  );
}
