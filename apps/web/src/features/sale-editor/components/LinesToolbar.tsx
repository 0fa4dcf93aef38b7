// The lines table's two bars (docs/product/screens.md#lines-table): `Back`, the section's name and totals and the
// adding actions (`Paste lines` opens the paste dialog below the selection); then the selection's count and the
// actions on it.
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import PercentIcon from '@mui/icons-material/Percent';
import { Box, Button, Typography } from '@mui/material';
import { useHideMoney } from '../../../app/discrete';
import { AddTextLineButtons, DeleteLinesButton } from '../../../components/lines/LineActions';
import { formatMoney, formatPercent } from '../../../lib/format';
import type { LinesTableHandlers, LinesTableProps } from './linesTableTypes';

export function LinesTitleBar({
  section,
  editable,
  handlers,
  toolbar,
  onPasteLines,
}: LinesTableProps & { onPasteLines?: (() => void) | undefined }) {
  const hideMoney = useHideMoney();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1.5, pb: 0.5, flexWrap: 'wrap' }}>
      <Button startIcon={<ArrowBackIcon />} onClick={handlers.back}>
        Back
      </Button>
      <Typography variant="subtitle1" fontWeight={600} data-testid="lines-title">
        {section.name}
      </Typography>
      {!hideMoney && (
        <Typography variant="body2" color="text.secondary" data-testid="section-totals">
          {formatMoney(section.pricing.total_price)} · margin {formatPercent(section.pricing.total_margin_percent)}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {toolbar}
      {editable && (
        <>
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => handlers.insertProduct(-1)}>
            Add product
          </Button>
          <AddTextLineButtons variant="outlined" onAdd={(kind) => handlers.addText(kind, -1)} />
          {onPasteLines && (
            <Button size="small" variant="outlined" startIcon={<ContentPasteIcon />} onClick={onPasteLines}>
              Paste lines
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

/** The selection bar is always laid out, so selecting a row never moves the rows under the pointer. */
export function LinesSelectionBar({
  count,
  editable,
  handlers,
  selectedIds,
}: {
  count: number;
  editable: boolean;
  handlers: LinesTableHandlers;
  selectedIds: () => string[];
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pb: 0.5, minHeight: 36 }}>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ minWidth: 90 }}
        data-testid={count > 0 ? 'selection-count' : undefined}
      >
        {count > 0 ? `${count} selected` : editable ? 'No lines selected' : ''}
      </Typography>
      {editable && (
        <>
          <Button
            size="small"
            startIcon={<PercentIcon />}
            disabled={count === 0}
            onClick={() => handlers.setMarkup(selectedIds())}
          >
            Set Markup
          </Button>
          <Button
            size="small"
            startIcon={<DriveFileMoveIcon />}
            disabled={count === 0}
            onClick={() => handlers.moveCopy(selectedIds())}
          >
            Move/Copy to...
          </Button>
          <DeleteLinesButton disabled={count === 0} onClick={() => handlers.remove(selectedIds())} />
        </>
      )}
    </Box>
  );
}
