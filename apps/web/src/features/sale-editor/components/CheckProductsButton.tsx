// `Check Products`: the sale's validity check (docs/product/screens.md#check-products,
// docs/product/rules.md#validity-check) in the `Results` dialog.
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { checkProducts } from '../api/sale';
import { SaleWarnings } from './SaleWarnings';

export const VALID_PRODUCTS_MESSAGE = 'All order lines appear to have valid products!';
export const INVALID_PRODUCTS_MESSAGE = 'The validity check returned errors.';
export const CHECK_FAILED_MESSAGE = 'Unable to check products';

/** A line of the validity check's answer: a label, or a line object. */
function invalidLineText(l: unknown): string {
  if (typeof l === 'string') return l;
  if (l && typeof l === 'object') {
    const line = l as { name?: string; product?: { name?: string } };
    const text = [line.product?.name, line.name].filter(Boolean).join(' — ');
    if (text) return text;
  }
  return JSON.stringify(l);
}

export function CheckProductsButton({ saleId }: { saleId: string }) {
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  const runCheck = async () => {
    try {
      const res = await loading.track(checkProducts(saleId));
      const warnings = res.warnings ?? [];
      if (res.valid && warnings.length === 0) {
        await dialog.open({ title: 'Results', message: VALID_PRODUCTS_MESSAGE });
        return;
      }
      await dialog.open({
        title: 'Results',
        message: (
          <Box data-testid="check-results">
            {res.valid ? (
              <Alert severity="success" sx={{ mb: 1 }}>
                {VALID_PRODUCTS_MESSAGE}
              </Alert>
            ) : (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {INVALID_PRODUCTS_MESSAGE}
              </Alert>
            )}
            {res.sections.map((sec) => (
              <Box key={sec.name} sx={{ mb: 1 }}>
                <Typography fontWeight={600}>{sec.name}</Typography>
                <Box component="ul" sx={{ my: 0.5 }}>
                  {sec.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a static list of labels
                    <li key={i}>{invalidLineText(l)}</li>
                  ))}
                </Box>
              </Box>
            ))}
            {/* values to look at again: they never make the check fail */}
            <SaleWarnings warnings={warnings} />
          </Box>
        ),
      });
    } catch {
      await dialog.error(CHECK_FAILED_MESSAGE);
    }
  };
  return (
    <Button startIcon={<FactCheckIcon />} variant="outlined" onClick={runCheck}>
      Check Products
    </Button>
  );
}
