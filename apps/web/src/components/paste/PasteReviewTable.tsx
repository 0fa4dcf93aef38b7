// biome-ignore-all lint/a11y/useSemanticElements: a virtualized table of divs with ARIA table roles (a <table> cannot hold the virtual padding)
// The paste review's rows, virtualized (@tanstack/react-virtual, as the sale's lines table) so 2,000 rows stay
// responsive: only the rows in view (and a few beyond) are rendered, each measured once shown. A row that comes into
// view while the table is scrolling shows its values as text; its fields and selects mount once scrolling stops (a
// flick brings several rows at each frame, and mounting their inputs cost ~35 ms a frame).
import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useRef } from 'react';
import { PasteReviewRow } from './PasteReviewRow';
import type { Choice, NumberColumn, ReviewRow, Sources } from './pasteReview';

const ROW_PX = 52;
const estimateSize = () => ROW_PX;
const OVERSCAN = 8;

const COLUMNS = [
  { header: '#', width: '44px' },
  { header: 'From the sheet', width: 'minmax(160px, 1.2fr)' },
  { header: 'Product', width: 'minmax(280px, 2fr)' },
  { header: 'Qty', width: '90px', numeric: true },
  { header: 'Unit price', width: '120px', numeric: true, money: true },
  { header: 'Cost', width: '120px', numeric: true, money: true },
  { header: 'Subtotal', width: '110px', numeric: true, money: true },
];

export function PasteReviewTable({
  rows,
  sources,
  hideMoney,
  onChoice,
  onNumber,
  onPick,
}: {
  rows: readonly ReviewRow[];
  sources: Sources;
  hideMoney: boolean;
  onChoice: (position: number, choice: Choice) => void;
  onNumber: (position: number, column: NumberColumn, text: string) => void;
  onPick: (position: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const columns = COLUMNS.filter((c) => !(hideMoney && c.money));
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: OVERSCAN,
    // (the rows' order never changes: the default key, a row's place, keeps its measurement across changes)
    initialRect: { width: 1200, height: 480 },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <Box
      role="table"
      aria-label="Pasted rows"
      aria-rowcount={rows.length + 1}
      style={{ '--qw-paste-columns': columns.map((c) => c.width).join(' ') } as CSSProperties}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflowX: 'auto',
        // the cells of a row shown while scrolling (PasteReviewRow's LightCells): one rule for all of them
        '& .qw-paste-light': {
          typography: 'body2',
          pt: 0.5,
          minWidth: 0,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
        },
        '& .qw-paste-number': { textAlign: 'right' },
      }}
    >
      <Box
        role="row"
        aria-rowindex={1}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'var(--qw-paste-columns)',
          gap: 1,
          px: 1,
          py: 1,
          fontWeight: 600,
          fontSize: 14,
          borderBottom: 1,
          borderColor: 'divider',
          scrollbarGutter: 'stable',
          overflowY: 'hidden',
        }}
      >
        {columns.map((c) => (
          <Box key={c.header} role="columnheader" sx={{ textAlign: c.numeric ? 'right' : 'left' }}>
            {c.header}
          </Box>
        ))}
      </Box>
      <Box
        ref={scrollRef}
        role="rowgroup"
        data-testid="paste-rows"
        sx={{ maxHeight: 'max(240px, calc(100vh - 460px))', overflowY: 'auto', scrollbarGutter: 'stable' }}
      >
        <div role="presentation" style={{ paddingTop: padTop, paddingBottom: padBottom }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <PasteReviewRow
                key={row.index}
                row={row}
                position={item.index}
                sources={sources}
                hideMoney={hideMoney}
                onChoice={onChoice}
                onNumber={onNumber}
                onPick={onPick}
                measure={virtualizer.measureElement}
                light={virtualizer.isScrolling}
              />
            );
          })}
        </div>
      </Box>
    </Box>
  );
}
