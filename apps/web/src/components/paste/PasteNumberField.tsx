// A number cell of the paste review: the sheet's text, editable; read when the field is left or on Enter. A number
// that cannot be read (or is out of the API's range) shows in red with the reason beneath.
import { TextField } from '@mui/material';
import { useState } from 'react';
import type { NumberCell } from './pasteReview';

export function PasteNumberField({
  cell,
  label,
  placeholder,
  onCommit,
}: {
  cell: NumberCell;
  /** The field's accessible name ("Qty of row 3"). */
  label: string;
  /** Shown while the cell is empty (the value used instead: the catalog's price, a quantity of 1). */
  placeholder?: string | undefined;
  onCommit: (text: string) => void;
}) {
  const [text, setText] = useState(cell.text);
  const commit = () => {
    if (text !== cell.text) onCommit(text);
  };
  return (
    <TextField
      size="small"
      variant="standard"
      fullWidth
      value={text}
      placeholder={placeholder}
      error={cell.error !== undefined}
      helperText={cell.error}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      slotProps={{
        htmlInput: { 'aria-label': label, inputMode: 'decimal', sx: { textAlign: 'right' } },
        formHelperText: { sx: { mx: 0, textAlign: 'right', lineHeight: 1.2 } },
      }}
    />
  );
}
