import { Box } from '@mui/material';
import { isUntitledSale, UNTITLED_SALE_NAME } from '@quotewright/domain';

/** A sale's name in a list; a sale saved without one reads 'Untitled quote', muted and in italics (not a real name). */
export function SaleName({ name }: { name: string }) {
  if (!isUntitledSale(name)) return <>{name}</>;
  return (
    <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }} data-untitled="">
      {UNTITLED_SALE_NAME}
    </Box>
  );
}
