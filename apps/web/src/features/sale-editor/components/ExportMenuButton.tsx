// `Export` (docs/product/screens.md#export-menu): Preview PDF, Excel, JSON and PDF downloads of the sale, and its cover
// letter.
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { exportsApi } from '@quotewright/contracts';
import { saleExcelFileName, saleJsonFileName, sanitizeFileName } from '@quotewright/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { download } from '../../../lib/api';
import type { Sale } from '../api/types';
import { PdfPreviewDialog } from './PdfPreviewDialog';

export function ExportMenuButton({ sale, editable }: { sale: Sale; editable: boolean }) {
  const [preview, setPreview] = useState(false);
  const navigate = useNavigate();
  const dialog = useDialog();
  const loading = useLoadingOverlay();
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);

  const runExport = async (kind: 'excel' | 'json' | 'pdf') => {
    setExportAnchor(null);
    const fallback =
      kind === 'excel'
        ? saleExcelFileName(sale.name, sale.quote_number)
        : kind === 'json'
          ? saleJsonFileName(sale.name, sale.quote_number)
          : `${sanitizeFileName(`${sale.name}_${sale.quote_number}`, 'sale')}.pdf`;
    try {
      await loading.track(download(exportsApi[kind], { params: { id: sale._id } }, fallback));
    } catch (err) {
      await dialog.error(err);
    }
  };

  return (
    <>
      <Button
        startIcon={<FileDownloadIcon />}
        variant="outlined"
        onClick={(e) => setExportAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        Export
      </Button>
      <Menu anchorEl={exportAnchor} open={exportAnchor !== null} onClose={() => setExportAnchor(null)}>
        <MenuItem
          onClick={() => {
            setExportAnchor(null);
            setPreview(true);
          }}
        >
          <ListItemText secondary="How each section prints, the validity">Preview PDF…</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => runExport('excel')}>
          <ListItemText>Excel</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => runExport('json')}>
          <ListItemText>JSON</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => runExport('pdf')}>
          <ListItemText>PDF</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setExportAnchor(null);
            navigate(`/sale/documents/${encodeURIComponent(sale._id)}`);
          }}
        >
          <ListItemText secondary="First page of the PDF">Cover letter…</ListItemText>
        </MenuItem>
      </Menu>
      {preview && <PdfPreviewDialog sale={sale} open onClose={() => setPreview(false)} canEdit={editable} />}
    </>
  );
}
