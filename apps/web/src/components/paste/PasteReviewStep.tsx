// The Paste lines dialog's review (docs/product/screens.md#paste-lines): every row with its match and what it becomes,
// the sources of prices, costs and descriptions, the totals and margin of what will be added; 'Add N lines' sends
// them all as one paste. A refusal shows here and the rows stay as they are.
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent } from '@mui/material';
import type { NumberSeparators } from '@quotewright/domain';
import { useCallback, useState } from 'react';
import { useHideMoney } from '../../app/discrete';
import { useSnackbar } from '../../app/providers/snackbar';
import { errorMessage } from '../../lib/api';
import { PasteProductPicker } from './PasteProductPicker';
import { PasteReviewTable } from './PasteReviewTable';
import { PasteCounts, PasteSources, PasteTotals } from './PasteSummary';
import type { PasteLine, ReviewRow, Sources } from './pasteReview';
import { usePasteReview } from './usePasteReview';

/** What a paste answers: the products the server did not add (no longer active or gone). */
export interface PasteAnswer {
  errors: { product: number }[];
}

export function PasteReviewStep({
  initialRows,
  initialSources,
  sep,
  sheetHas,
  onBack,
  onCancel,
  onConfirm,
  onDone,
}: {
  initialRows: ReviewRow[];
  initialSources: Sources;
  sep: NumberSeparators;
  sheetHas: (column: keyof Sources) => boolean;
  onBack: () => void;
  onCancel: () => void;
  onConfirm: (lines: PasteLine[]) => Promise<PasteAnswer>;
  onDone: () => void;
}) {
  const review = usePasteReview(initialRows, initialSources, sep);
  const hideMoney = useHideMoney();
  const snackbar = useSnackbar();
  const [pickFor, setPickFor] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const onPick = useCallback((position: number) => setPickFor(position), []);
  const { state } = review;
  const blocked = state.undecided > 0 || state.flagged > 0 || state.lines === 0;

  const confirm = async () => {
    setSending(true);
    setError(undefined);
    try {
      const answer = await onConfirm(review.lines());
      if (answer.errors.length > 0) {
        const models = new Map(
          review.rows.flatMap((r) =>
            r.choice.kind === 'product' ? [[r.choice.product.id, r.choice.product.model]] : [],
          ),
        );
        const names = answer.errors.map((e) => models.get(e.product) || `#${e.product}`);
        snackbar.show(`Not added (no longer active): ${[...new Set(names)].join(', ')}`, 'error');
      }
      onDone();
    } catch (e) {
      setError(errorMessage(e));
      setSending(false);
    }
  };

  const picking = pickFor === null ? undefined : review.rows[pickFor];
  return (
    <>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <PasteSources
            sources={review.sources}
            sheetHas={sheetHas}
            hideMoney={hideMoney}
            onChange={review.setSources}
          />
          <PasteCounts rows={review.rows} state={state} onDecideRest={review.decideRest} />
        </Box>
        <PasteReviewTable
          rows={review.rows}
          sources={review.sources}
          hideMoney={hideMoney}
          onChoice={review.setChoice}
          onNumber={review.setNumber}
          onPick={onPick}
        />
        <PasteTotals state={state} pricing={review.pricing} hideMoney={hideMoney} />
        {error && (
          <Alert severity="error" data-testid="paste-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={sending} sx={{ mr: 'auto' }}>
          Back
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={blocked || sending}
          onClick={() => void confirm()}
          startIcon={sending ? <CircularProgress size={16} /> : undefined}
        >
          Add {state.lines.toLocaleString('en-US')} line{state.lines === 1 ? '' : 's'}
        </Button>
      </DialogActions>
      {picking && pickFor !== null && (
        <PasteProductPicker
          row={picking}
          onClose={() => setPickFor(null)}
          onChoose={(product) => {
            review.setChoice(pickFor, { kind: 'product', product });
            setPickFor(null);
          }}
        />
      )}
    </>
  );
}
