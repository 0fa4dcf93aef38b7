// The document editor (docs/product/screens.md#document-editor): a minimal rich-text editor with a Bold toggle.
// Going further (decision 0015): the text is the sale's cover letter, saved with the sales edit rights and printed
// as the first page of the customer PDF. Leaving with unsaved changes asks first.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Paper, Skeleton, ToggleButton, Tooltip, Typography } from '@mui/material';
import { canEdit, formatDateTime } from '@quotewright/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useBlocker, useParams } from 'react-router';
import { useCurrentUser } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { useSnackbar } from '../../app/providers/snackbar';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { useCoverLetter, useSaveCoverLetter } from './api/letter';
import { readLetter, writeLetter } from './letter';

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
  const [dirty, setDirty] = useState(false);
  const { data: user } = useCurrentUser();
  const may = canEdit(user, 'sales');
  const letter = useCoverLetter(saleId);
  const save = useSaveCoverLetter(saleId);
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const loaded = useRef(false);

  // The saved letter goes into the editor once, when it arrives (later reads must not overwrite typing).
  useEffect(() => {
    if (!letter.data || loaded.current || !editor.current) return;
    writeLetter(editor.current, letter.data.body);
    loaded.current = true;
  }, [letter.data]);

  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void dialog
      .confirm({ title: 'Unsaved changes', message: 'Leave the cover letter without saving your changes?' })
      .then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, dialog]);

  const onSave = () => {
    if (!editor.current) return;
    save.mutate(readLetter(editor.current), {
      onSuccess: () => {
        setDirty(false);
        snackbar.show('Cover letter saved', 'success');
      },
      onError: (e) => void dialog.error(e),
    });
  };

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
        subtitle="The cover letter: printed as the first page of the customer PDF"
        actions={
          <>
            {may && (
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                disabled={!dirty || save.isPending || !letter.data}
                onClick={onSave}
              >
                Save
              </Button>
            )}
            <Button component={RouterLink} to={`/sale/${encodeURIComponent(saleId)}`} startIcon={<ArrowBackIcon />}>
              Back to the quote
            </Button>
          </>
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
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label="Document"
          data-testid="document-editor"
          contentEditable={may && !!letter.data}
          onKeyUp={sync}
          onMouseUp={sync}
          onInput={() => setDirty(true)}
          sx={{ minHeight: 320, p: 2, outline: 'none', '& b, & strong': { fontWeight: 700 } }}
        />
        {letter.isPending && <Skeleton variant="rectangular" height={320} data-testid="document-loading" />}
      </Paper>
      {letter.isError && (
        <Typography color="error" sx={{ mt: 1 }}>
          {errorMessage(letter.error)}
        </Typography>
      )}
      {letter.data?.updated_on && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 1, display: 'block' }}>
          Last saved by {letter.data.updated_by?.name} on {formatDateTime(letter.data.updated_on)}
        </Typography>
      )}
    </>
  );
}
