// The Paste lines dialog (docs/product/screens.md#paste-lines, docs/product/rules.md#paste-from-a-spreadsheet), shared by
// the sale and template editors: rows copied from a spreadsheet (or CSV text), their columns recognised and changeable,
// numbers read in the person's number format; then every row matched to the catalog and reviewed; then one call adds
// them all. The caller says where they go (its `onConfirm`) and closes the dialog (`onClose`).
import { Dialog, DialogTitle, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { matchRows } from './matchRows';
import { PasteColumnsStep } from './PasteColumnsStep';
import { type PasteAnswer, PasteReviewStep } from './PasteReviewStep';
import { type PasteLine, type ReviewRow, reviewRows, type Sources } from './pasteReview';
import { browserLocale, usePasteTable } from './usePasteTable';

export type { PasteAnswer } from './PasteReviewStep';
export type { PasteLine } from './pasteReview';

export interface PasteLinesDialogProps {
  /** The text pasted into the lines table ('' when opened from the toolbar). */
  initialText: string;
  /** The section the lines go to (its name). */
  target: string;
  /** The person's locale (its number format is the first one offered): the browser's by default. */
  locale?: string;
  /** Adds the lines (one call); rejects with the server's refusal, which the dialog shows. */
  onConfirm: (lines: PasteLine[]) => Promise<PasteAnswer>;
  onClose: () => void;
}

export function PasteLinesDialog({ initialText, target, locale, onConfirm, onClose }: PasteLinesDialogProps) {
  const table = usePasteTable(initialText, locale ?? browserLocale());
  const [review, setReview] = useState<{ rows: ReviewRow[]; sources: Sources } | null>(null);
  const [matching, setMatching] = useState(false);
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const match = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setMatching(true);
    setError(undefined);
    try {
      const matches = await matchRows(table.rows, controller.signal);
      setReview({
        rows: reviewRows(table.rows, table.cells, matches, table.sep),
        sources: {
          price: table.has('price') ? 'sheet' : 'catalog',
          cost: table.has('cost') ? 'sheet' : 'catalog',
          description: 'catalog',
        },
      });
    } catch (e) {
      if (!controller.signal.aborted) setError(errorMessage(e));
    } finally {
      if (!controller.signal.aborted) setMatching(false);
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xl"
      // Escape leaves only before the review: the choices made there are not thrown away by a stray key
      onClose={(_e, reason) => {
        if (reason === 'escapeKeyDown' && !review) onClose();
      }}
      aria-labelledby="paste-lines-title"
    >
      <DialogTitle id="paste-lines-title" sx={{ pb: 0 }}>
        Paste lines
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }} data-testid="paste-target">
        Into {target}
      </Typography>
      {review ? (
        <PasteReviewStep
          initialRows={review.rows}
          initialSources={review.sources}
          sep={table.sep}
          sheetHas={(column) => table.has(column)}
          onBack={() => setReview(null)}
          onCancel={onClose}
          onConfirm={onConfirm}
          onDone={onClose}
        />
      ) : (
        <PasteColumnsStep
          table={table}
          matching={matching}
          error={error}
          onMatch={() => void match()}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
