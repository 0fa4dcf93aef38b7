// The values of a sale a customer should not see by accident (negative quantities, prices or costs, zero
// quantities), as the validity check and the pre-publish check list them: each with where it is. They are allowed
// (returns, trade-ins, discount lines) and never block; the lines table marks the same cells.
import { Alert, Box, List, ListItem, ListItemText } from '@mui/material';
import type { SaleWarning } from '@quotewright/contracts';

/** How many are listed one by one; the rest are counted. */
const SHOWN = 50;

export const warningsIntro = (n: number) =>
  `${n === 1 ? '1 value' : `${n} values`} to check before the customer sees ${n === 1 ? 'it' : 'them'}. ` +
  'They are allowed (returns, trade-ins, discounts) and do not block.';

/** Where a warning is: 'Section 1 (Main), line 2 (AX-100 — Widget)'. */
export function warningPlace(w: SaleWarning): string {
  return `Section ${w.section.index} (${w.section.name}), line ${w.line.number}${w.line.label ? ` (${w.line.label})` : ''}`;
}

export function SaleWarnings({ warnings }: { warnings: readonly SaleWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  const more = warnings.length - SHOWN;
  return (
    <Box data-testid="sale-warnings" sx={{ mt: 1 }}>
      <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
        {warningsIntro(warnings.length)}
      </Alert>
      <List dense disablePadding>
        {warnings.slice(0, SHOWN).map((w) => (
          <ListItem key={`${w.line.id}-${w.code}`} data-testid="sale-warning" disableGutters>
            <ListItemText primary={w.message} secondary={warningPlace(w)} />
          </ListItem>
        ))}
        {more > 0 && (
          <ListItem disableGutters>
            <ListItemText secondary={`and ${more} more`} />
          </ListItem>
        )}
      </List>
    </Box>
  );
}
