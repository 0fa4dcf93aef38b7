// Edit of the selected template lines (the changed fields apply to all of them, SPEC §5) and the note/header text.
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import type { LineDto } from '@quotewright/contracts';
import { useState } from 'react';

export interface LineEdit {
  name?: string;
  quantity?: string;
  price?: string;
  cost?: string;
  price_percentage_active?: boolean;
}

export function LineEditDialog({
  lines,
  onApply,
  onCancel,
}: {
  lines: LineDto[];
  onApply: (edit: LineEdit) => void;
  onCancel: () => void;
}) {
  const one = lines.length === 1 ? lines[0]! : null;
  const initial = {
    name: one?.name ?? '',
    quantity: one?.quantity ?? '',
    price: one?.price ?? '',
    cost: one?.cost ?? '',
    pct: one ? one.price_percentage_active : lines.every((l) => l.price_percentage_active),
  };
  const [v, setV] = useState(initial);
  const products = lines.some((l) => l.kind === 'product');
  const apply = () => {
    const edit: LineEdit = {};
    if (v.name !== initial.name) edit.name = v.name;
    if (v.quantity !== initial.quantity && v.quantity !== '') edit.quantity = v.quantity;
    if (v.price !== initial.price && v.price !== '') edit.price = v.price;
    if (v.cost !== initial.cost && v.cost !== '') edit.cost = v.cost;
    if (v.pct !== initial.pct) edit.price_percentage_active = v.pct;
    onApply(edit);
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="template-line-edit-title">
      <DialogTitle id="template-line-edit-title">
        {lines.length === 1 ? 'Edit line' : `Edit ${lines.length} lines`}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.target.value })}
          />
          {products && (
            <>
              <TextField
                label="Qty"
                value={v.quantity}
                onChange={(e) => setV({ ...v, quantity: e.target.value })}
                inputProps={{ inputMode: 'decimal' }}
              />
              <TextField
                label={v.pct ? 'Price %' : 'Price'}
                value={v.price}
                onChange={(e) => setV({ ...v, price: e.target.value })}
                inputProps={{ inputMode: 'decimal' }}
              />
              <TextField
                label={v.pct ? 'Cost %' : 'Cost'}
                value={v.cost}
                onChange={(e) => setV({ ...v, cost: e.target.value })}
                inputProps={{ inputMode: 'decimal' }}
              />
              <FormControlLabel
                control={<Checkbox checked={v.pct} onChange={(e) => setV({ ...v, pct: e.target.checked })} />}
                label="Based on Total"
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={apply}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
