// The "Keyboard shortcuts" dialog of the sale and template editors (docs/product/screens.md#keyboard-shortcuts):
// opened by its button or by "?" outside a text field.
import CloseIcon from '@mui/icons-material/Close';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';

type Shortcut = readonly [keys: string, what: string];
type Group = readonly [title: string, shortcuts: readonly Shortcut[]];

/** Every group, and which editors have it. */
const SALE: readonly Group[] = [
  [
    'Lines table',
    [
      ['↑ ↓ ← →', 'Move between cells'],
      ['Home / End', 'First / last cell of the row'],
      ['Ctrl+Home / Ctrl+End', 'First / last line'],
      ['Page Up / Page Down', 'A screenful up / down'],
      ['Enter or F2', 'Edit the cell'],
      ['Ctrl+A', 'Select every line'],
      ['Delete', 'Delete the selected lines'],
      ['Escape', 'Clear the selection'],
      ['Ctrl+V', 'Paste lines from a spreadsheet'],
    ],
  ],
  [
    'Editing a cell',
    [
      ['Enter', 'Save'],
      ['Tab', 'Save and leave the cell'],
      ['Shift+Enter', 'New line in a description'],
      ['Escape', 'Cancel'],
    ],
  ],
];
const QUICK_ADD: Group = [
  'Add a line (the row under the lines)',
  [
    ['Type', 'Products whose model, part number or name match'],
    ['↑ ↓', 'Choose a product'],
    ['Enter', 'Add it at the end and type its quantity'],
    ['Enter or Tab (in the quantity)', 'Save it; back to Add a line'],
    ['Escape', 'Clear what was typed'],
  ],
];
const UNDO: Group = [
  'Undo',
  [
    ['Ctrl+Z', 'Undo your last change'],
    ['Ctrl+Shift+Z or Ctrl+Y', 'Redo'],
  ],
];
const HELP: Group = ['Help', [['?', 'These shortcuts']]];

export const SALE_SHORTCUTS: readonly Group[] = [...SALE, QUICK_ADD, UNDO, HELP];
export const TEMPLATE_SHORTCUTS: readonly Group[] = [
  ['Lines', [['Ctrl+V', 'Paste lines from a spreadsheet']]],
  QUICK_ADD,
  HELP,
];

/** Whether a key press was typed into a field (where "?" is a character). */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [role="textbox"]') !== null)
  );
}

export function KeyboardHelpButton({ groups }: { groups: readonly Group[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || e.defaultPrevented) return;
      e.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title="Keyboard shortcuts (?)">
        <IconButton aria-label="Keyboard shortcuts" onClick={() => setOpen(true)}>
          <KeyboardIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="keyboard-help-title" maxWidth="sm" fullWidth>
        <DialogTitle id="keyboard-help-title" sx={{ pr: 6 }}>
          Keyboard shortcuts
          <IconButton aria-label="Close" onClick={() => setOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {groups.map(([title, shortcuts]) => (
            <Box key={title} sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h3">
                {title}
              </Typography>
              <Table size="small" aria-label={title}>
                <TableBody>
                  {shortcuts.map(([keys, what]) => (
                    <TableRow key={keys}>
                      <TableCell sx={{ width: '45%', fontFamily: 'monospace' }}>{keys}</TableCell>
                      <TableCell>{what}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ))}
        </DialogContent>
      </Dialog>
    </>
  );
}
