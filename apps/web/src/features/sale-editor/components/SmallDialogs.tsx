// The sale editor's small dialogs: Set Markup, Lines Move/Copy, and the text of a new note or header.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { LINE_MOVE_TYPES, type LineMoveType } from '@quotewright/domain';
import { useState } from 'react';
import { parseNumberInput } from '../../../components/lines/numberInput';

export function SetMarkupDialog({
  count,
  onApply,
  onCancel,
}: {
  count: number;
  onApply: (markup: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const parsed = parseNumberInput(value);
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="markup-title">
      <DialogTitle id="markup-title">Set Markup</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Markup %"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && parsed !== null) onApply(parsed);
          }}
          error={value !== '' && parsed === null}
          helperText={`Price = cost × (1 + markup / 100), for ${count} selected line${count === 1 ? '' : 's'}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={parsed === null} onClick={() => parsed !== null && onApply(parsed)}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MoveLinesDialog({
  sections,
  currentSectionId,
  count,
  onApply,
  onCancel,
}: {
  sections: { _id: string; name: string }[];
  currentSectionId: string;
  count: number;
  onApply: (destination: string, type: LineMoveType) => void;
  onCancel: () => void;
}) {
  const [destination, setDestination] = useState(sections.find((s) => s._id !== currentSectionId)?._id ?? '');
  const [type, setType] = useState<LineMoveType>('move');
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="move-title">
      <DialogTitle id="move-title">Move/Copy Lines</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl fullWidth size="small">
            <InputLabel id="move-destination-label">Destination Section</InputLabel>
            <Select
              labelId="move-destination-label"
              label="Destination Section"
              value={destination}
              onChange={(e) => setDestination(e.target.value)}
            >
              {sections.map((s) => (
                <MenuItem key={s._id} value={s._id}>
                  {s.name}
                  {s._id === currentSectionId ? ' (this section)' : ''}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl>
            <FormLabel id="move-type-label">
              {count} line{count === 1 ? '' : 's'}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="move-type-label"
              value={type}
              onChange={(e) => setType(e.target.value as LineMoveType)}
            >
              {LINE_MOVE_TYPES.map((t) => (
                <FormControlLabel key={t} value={t} control={<Radio />} label={t === 'move' ? 'Move' : 'Copy'} />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!destination} onClick={() => onApply(destination, type)}>
          {type === 'move' ? 'Move' : 'Copy'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// Shared with the template editor (components/lines).
export { TextLineDialog } from '../../../components/lines/TextLineDialog';
