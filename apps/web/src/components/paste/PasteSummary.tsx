// Above and below the paste review's rows (docs/product/screens.md#paste-lines): where prices, costs and descriptions
// come from (the sheet or the catalog), how the rows matched, and the totals and margin of what will be added.
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import type { Pricing } from '@quotewright/domain';
import { formatMoney, formatPercent } from '../../lib/format';
import type { ReviewRow, ReviewState, Sources, ValueSource } from './pasteReview';

const SOURCE_LABELS: Record<keyof Sources, string> = {
  price: 'Unit price from',
  cost: 'Cost from',
  description: 'Description from',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A select per value a product line takes from the sheet or the catalog (the sheet only when a column holds it). */
export function PasteSources({
  sources,
  sheetHas,
  hideMoney,
  onChange,
}: {
  sources: Sources;
  sheetHas: (column: keyof Sources) => boolean;
  hideMoney: boolean;
  onChange: (sources: Sources) => void;
}) {
  const shown = (Object.keys(SOURCE_LABELS) as (keyof Sources)[]).filter((k) => !hideMoney || k === 'description');
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      {shown.map((key) => (
        <TextField
          key={key}
          select
          size="small"
          label={SOURCE_LABELS[key]}
          value={sources[key]}
          onChange={(e) => onChange({ ...sources, [key]: e.target.value as ValueSource })}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="sheet" disabled={!sheetHas(key)}>
            Sheet
          </MenuItem>
          <MenuItem value="catalog">Catalog</MenuItem>
        </TextField>
      ))}
    </Box>
  );
}

/** How the rows matched, and the buttons deciding every undecided row at once. */
export function PasteCounts({
  rows,
  state,
  onDecideRest,
}: {
  rows: readonly ReviewRow[];
  state: ReviewState;
  onDecideRest: (kind: 'note' | 'skip') => void;
}) {
  const count = (status: ReviewRow['status']) => rows.filter((r) => r.status === status).length;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" data-testid="paste-counts">
        {plural(count('matched'), 'matched', 'matched')} · {plural(count('ambiguous'), 'to choose', 'to choose')} ·{' '}
        {plural(count('unmatched'), 'without a match', 'without a match')}
      </Typography>
      {state.undecided > 0 && (
        <>
          <Button size="small" onClick={() => onDecideRest('note')}>
            Undecided rows as notes
          </Button>
          <Button size="small" onClick={() => onDecideRest('skip')}>
            Skip undecided rows
          </Button>
        </>
      )}
    </Box>
  );
}

/** What will be added, and what holds it back. */
export function PasteTotals({
  state,
  pricing,
  hideMoney,
}: {
  state: ReviewState;
  pricing: Pricing;
  hideMoney: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2" fontWeight={600} data-testid="paste-totals">
        {plural(state.lines, 'line')} to add
        {hideMoney
          ? ''
          : ` · Total ${formatMoney(pricing.total_price)} · Cost ${formatMoney(pricing.total_cost)} · Margin ${formatMoney(
              pricing.total_margin,
            )} (${formatPercent(pricing.total_margin_percent)})`}
      </Typography>
      {state.undecided > 0 && (
        <Typography variant="body2" color="warning.main" data-testid="paste-undecided">
          {plural(state.undecided, 'row needs', 'rows need')} a choice: a product, Add as a note, or Skip
        </Typography>
      )}
      {state.flagged > 0 && (
        <Typography variant="body2" color="error" data-testid="paste-flagged">
          {plural(state.flagged, 'row has', 'rows have')} a number that cannot be read: correct it, or skip the row
        </Typography>
      )}
    </Box>
  );
}
