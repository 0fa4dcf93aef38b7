// The actions the sale's and the template's lines tables share (docs/product/screens.md#lines-table,
// docs/product/screens.md#template-editor): add a note or a header, delete the selected lines.
import DeleteIcon from '@mui/icons-material/Delete';
import NotesIcon from '@mui/icons-material/Notes';
import TitleIcon from '@mui/icons-material/Title';
import { Button } from '@mui/material';

export const DELETE_LINES_MESSAGE = 'Are you sure you want to delete the following line(s)?';

/** `Add note` and `Add header` (text buttons unless `variant` says otherwise). */
export function AddTextLineButtons({
  variant,
  onAdd,
}: {
  variant?: 'outlined';
  onAdd: (kind: 'note' | 'header') => void;
}) {
  return (
    <>
      <Button size="small" variant={variant} startIcon={<NotesIcon />} onClick={() => onAdd('note')}>
        Add note
      </Button>
      <Button size="small" variant={variant} startIcon={<TitleIcon />} onClick={() => onAdd('header')}>
        Add header
      </Button>
    </>
  );
}

/** `Delete` of the selected lines: disabled while none is selected. */
export function DeleteLinesButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button size="small" color="error" startIcon={<DeleteIcon />} disabled={disabled} onClick={onClick}>
      Delete
    </Button>
  );
}
