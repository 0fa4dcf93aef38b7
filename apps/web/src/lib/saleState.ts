import type { ChipProps } from '@mui/material';

/** The colour of a sale's status chip (labels come from the domain's SALE_STATE_LABELS / the server). */
export function stateChipColor(state: string | null | undefined): ChipProps['color'] {
  switch (state) {
    case 'draft':
      return 'default';
    case 'sent':
      return 'info';
    case 'sale':
      return 'success';
    case 'done':
      return 'primary';
    case 'cancel':
      return 'error';
    default:
      return 'default';
  }
}
