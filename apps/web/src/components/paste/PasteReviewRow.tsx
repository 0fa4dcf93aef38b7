// biome-ignore-all lint/a11y/useSemanticElements: rows of a virtualized table of divs with ARIA table roles
// One pasted row in the review (docs/product/screens.md#paste-lines): what the sheet says, what it becomes, its
// quantity, price and cost (editable where the sheet's are used) and its subtotal. Memoized: a change of another row,
// or of nothing it shows, does not render it again.
import { Box, Typography } from '@mui/material';
import { lineSubtotal } from '@quotewright/domain';
import { memo, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { PasteChoiceCell, productLabel } from './PasteChoiceCell';
import { PasteNumberField } from './PasteNumberField';
import { type Choice, flaggedCells, lineValues, type NumberColumn, type ReviewRow, type Sources } from './pasteReview';

export interface PasteRowProps {
  row: ReviewRow;
  position: number;
  sources: Sources;
  hideMoney: boolean;
  onChoice: (position: number, choice: Choice) => void;
  onNumber: (position: number, column: NumberColumn, text: string) => void;
  onPick: (position: number) => void;
  measure: (el: Element | null) => void;
  /** The table is scrolling: a row not shown yet shows its values as text until it stops. */
  light?: boolean;
}

/** A row's cells as text, while the table scrolls past it. */
function LightCells({ row, hideMoney }: Pick<PasteRowProps, 'row' | 'hideMoney'>) {
  const product = row.choice.kind === 'product' ? row.choice.product : undefined;
  const choice =
    product !== undefined
      ? productLabel(product)
      : row.choice.kind === 'note'
        ? 'Add as a note'
        : row.choice.kind === 'skip'
          ? 'Skip'
          : 'Choose…';
  const text = (column: NumberColumn) => row.numbers[column].text;
  return (
    <>
      <div role="cell" className="qw-paste-light">
        {choice}
      </div>
      <div role="cell" className="qw-paste-light qw-paste-number">
        {text('quantity')}
      </div>
      {!hideMoney && (
        <>
          <div role="cell" className="qw-paste-light qw-paste-number">
            {text('price') || (product ? formatMoney(product.price) : '')}
          </div>
          <div role="cell" className="qw-paste-light qw-paste-number">
            {text('cost') || (product ? formatMoney(product.cost) : '')}
          </div>
          <div role="cell" />
        </>
      )}
    </>
  );
}

/** A money cell: the sheet's value (editable) when the sheet is its source, else the catalog's product's. */
function MoneyField({
  row,
  column,
  label,
  sources,
  onNumber,
  position,
}: Pick<PasteRowProps, 'row' | 'sources' | 'onNumber' | 'position'> & { column: 'price' | 'cost'; label: string }) {
  const product = row.choice.kind === 'product' ? row.choice.product : undefined;
  if (sources[column] === 'sheet')
    return (
      <PasteNumberField
        cell={row.numbers[column]}
        label={`${label} of row ${row.index + 1}`}
        placeholder={product ? formatMoney(product[column]) : undefined}
        onCommit={(text) => onNumber(position, column, text)}
      />
    );
  return (
    <Typography variant="body2" sx={{ textAlign: 'right', pt: 0.5 }} color="text.secondary">
      {product ? formatMoney(product[column]) : ''}
    </Typography>
  );
}

export const PasteReviewRow = memo(function PasteReviewRow(props: PasteRowProps) {
  const { row, position, sources, hideMoney, onChoice, onNumber, onPick, measure, light = false } = props;
  // shown first while scrolling: text until the table stops, then (and from then on) its fields
  const [full, setFull] = useState(!light);
  if (!full && !light) setFull(true);
  const product = row.choice.kind === 'product' ? row.choice.product : undefined;
  const flagged = flaggedCells(row, sources).length > 0;
  const values = product && !flagged ? lineValues(row, product, sources) : undefined;
  const muted = row.choice.kind === 'skip';
  return (
    <Box
      ref={measure}
      data-index={position}
      role="row"
      aria-rowindex={position + 2}
      data-testid="paste-row"
      data-flagged={flagged ? 'true' : undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'var(--qw-paste-columns)',
        gap: 1,
        px: 1,
        py: 0.75,
        alignItems: 'start',
        borderBottom: 1,
        borderColor: 'divider',
        opacity: muted ? 0.55 : 1,
        bgcolor: flagged ? 'action.hover' : undefined,
      }}
    >
      <Box role="cell" sx={{ color: 'text.secondary', pt: 0.5 }}>
        {row.index + 1}
      </Box>
      <Box role="cell" sx={{ minWidth: 0, pt: 0.25 }}>
        <Typography variant="body2" fontWeight={600} noWrap title={row.model}>
          {row.model || '—'}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap display="block" title={row.description}>
          {[row.description, row.manufacturer].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      {!full ? (
        <LightCells row={row} hideMoney={hideMoney} />
      ) : (
        <>
          <Box role="cell" sx={{ minWidth: 0 }}>
            <PasteChoiceCell row={row} position={position} onChoice={onChoice} onPick={onPick} />
          </Box>
          <Box role="cell">
            <PasteNumberField
              cell={row.numbers.quantity}
              label={`Qty of row ${row.index + 1}`}
              placeholder="1"
              onCommit={(text) => onNumber(position, 'quantity', text)}
            />
          </Box>
          {!hideMoney && (
            <>
              <Box role="cell">
                <MoneyField row={row} column="price" label="Unit price" {...{ sources, onNumber, position }} />
              </Box>
              <Box role="cell">
                <MoneyField row={row} column="cost" label="Cost" {...{ sources, onNumber, position }} />
              </Box>
              <Box role="cell" sx={{ textAlign: 'right', pt: 0.5 }} data-testid="paste-row-subtotal">
                {values ? formatMoney(lineSubtotal(values.price, values.quantity)) : ''}
              </Box>
            </>
          )}
        </>
      )}
    </Box>
  );
});
