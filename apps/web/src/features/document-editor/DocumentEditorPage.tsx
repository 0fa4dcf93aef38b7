// The document editor (SPEC §2 /sale/documents/{saleID}): only a minimal rich-text editor with a Bold toggle.
// Nothing is saved (SPEC); the text lives as long as the page.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import { Box, Button, Paper, ToggleButton, Tooltip } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

/** Whether the selection is bold (the browser's own editing state). */
function selectionIsBold(): boolean {
  try {
    return document.queryCommandState?.('bold') ?? false;
  } catch {
    return false;
  }
}

export function DocumentEditorPage() {
  const { saleId = '' } = useParams();
  const editor = useRef<HTMLDivElement>(null);
  const [bold, setBold] = useState(false);

  const sync = useCallback(() => {
    if (editor.current?.contains(document.getSelection()?.anchorNode ?? null)) setBold(selectionIsBold());
  }, []);
  useEffect(() => {
    document.addEventListener('selectionchange', sync);
    return () => document.removeEventListener('selectionchange', sync);
  }, [sync]);

  const toggleBold = () => {
    editor.current?.focus();
    document.execCommand?.('bold');
    setBold(selectionIsBold());
  };

  return (
    <>
      <PageHeader
        title="Document Editor"
        subtitle="Nothing typed here is saved"
        actions={
          <Button component={RouterLink} to={`/sale/${encodeURIComponent(saleId)}`} startIcon={<ArrowBackIcon />}>
            Back to the quote
          </Button>
        }
      />
      <Paper variant="outlined">
        <Box sx={{ p: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Tooltip title="Bold (Ctrl+B)">
            <ToggleButton
              value="bold"
              size="small"
              selected={bold}
              aria-label="Bold"
              onMouseDown={(e) => e.preventDefault()}
              onChange={toggleBold}
            >
              <FormatBoldIcon />
            </ToggleButton>
          </Tooltip>
        </Box>
        <Box
          ref={editor}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label="Document"
          data-testid="document-editor"
          onKeyUp={sync}
          onMouseUp={sync}
          sx={{ minHeight: 320, p: 2, outline: 'none', '& b, & strong': { fontWeight: 700 } }}
        />
      </Paper>
    </>
  );
}
