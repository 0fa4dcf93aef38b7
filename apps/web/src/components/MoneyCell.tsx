import { Box } from '@mui/material';
import { formatMoney } from '../lib/format';

/** A money figure: $ with 2 decimals, negatives in the error colour. */
export function MoneyCell({ value }: { value: number | string | null | undefined }) {
  const n = typeof value === 'string' ? Number(value) : value;
  return (
    <Box component="span" sx={{ color: n != null && n < 0 ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
      {formatMoney(value)}
    </Box>
  );
}
