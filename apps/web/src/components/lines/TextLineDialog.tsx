// The text of a new note or header (sale and template lines tables).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { isMissingDescription } from '@quotewright/domain';
import { useState } from 'react';

export function TextLineDialog({
  kind,
  onApply,
  onCancel,
}: {
  kind: 'note' | 'header';
  onApply: (text: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const label = kind === 'note' ? 'Note' : 'Header';
  // a note or header is only its text: without text it would be a blank row (the server refuses it too)
  const blank = isMissingDescription(kind, value);
  const apply = () => {
    if (!blank) onApply(value);
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="text-line-title">
      <DialogTitle id="text-line-title">{kind === 'note' ? 'Add note' : 'Add header'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={label}
          multiline={kind === 'note'}
          minRows={kind === 'note' ? 3 : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (kind === 'header' || e.ctrlKey)) {
              e.preventDefault();
              apply();
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={apply} disabled={blank}>
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
