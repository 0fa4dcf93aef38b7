// An inline-editable cell whose editing state lives in the cell itself: typing re-renders only this cell, never
// the table (DESIGN §10: responsive at 2,000 lines). Double-click or Enter/F2 starts editing; Enter (Shift+Enter
// for a new line in multiline cells) or leaving the field commits; Escape cancels.
import { Box, InputBase } from '@mui/material';
import { memo, type ReactNode, useState } from 'react';

export const EditableCell = memo(function EditableCell({
  value,
  display,
  editable,
  multiline,
  numeric,
  label,
  onCommit,
}: {
  value: string;
  display?: ReactNode;
  editable: boolean;
  multiline?: boolean;
  numeric?: boolean;
  label: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const start = () => {
    if (editable) setDraft(value);
  };
  const finish = (commit: boolean) => {
    if (draft === null) return;
    const next = draft;
    setDraft(null);
    if (commit && next !== value) onCommit(next);
  };
  if (editing) {
    return (
      <InputBase
        autoFocus
        fullWidth
        multiline={multiline}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') finish(false);
          else if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
            e.preventDefault();
            finish(true);
          }
        }}
        onClick={(e) => e.stopPropagation()}
        onFocus={(e) => e.target.select()}
        inputProps={{ 'aria-label': label, style: { textAlign: numeric ? 'right' : 'left' } }}
        sx={{
          fontSize: 'inherit',
          px: 0.5,
          border: 1,
          borderColor: 'primary.main',
          borderRadius: 0.5,
          bgcolor: 'background.paper',
        }}
      />
    );
  }
  return (
    <Box
      role={editable ? 'button' : undefined}
      tabIndex={editable ? 0 : undefined}
      aria-label={editable ? `Edit ${label}` : undefined}
      onDoubleClick={start}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          start();
        }
      }}
      sx={{
        minHeight: 22,
        width: '100%',
        textAlign: numeric ? 'right' : 'left',
        whiteSpace: multiline ? 'pre-wrap' : 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        wordBreak: multiline ? 'break-word' : undefined,
        cursor: editable ? 'text' : 'default',
        outline: 'none',
        '&:focus-visible': { boxShadow: (t) => `inset 0 0 0 2px ${t.palette.primary.main}` },
      }}
    >
      {display ?? value}
    </Box>
  );
});
