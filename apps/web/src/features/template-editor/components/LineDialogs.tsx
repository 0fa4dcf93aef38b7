// Edit of the selected template lines (the changed fields apply to all of them, docs/product/rules.md#line-edits) and
// the note/header text.
import {
  Alert,
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
import { DESCRIPTION_REQUIRED, isMissingDescription, NUMERIC_FIELDS } from '@quotewright/domain';
import { useState } from 'react';
import { checkNumberInput } from '../../../components/lines/numberInput';
import { errorMessage, fieldErrors } from '../../../lib/api';

export interface LineEdit {
  name?: string;
  quantity?: string;
  price?: string;
  cost?: string;
  price_percentage_active?: boolean;
}

type EditField = 'name' | 'quantity' | 'price' | 'cost';
type FieldReasons = Partial<Record<EditField, string>>;

/** Why an edit was refused: per field when the server says which, else one message. */
export interface LineEditRefusal {
  message: string;
  fields: FieldReasons;
}

const EDIT_FIELDS: readonly EditField[] = ['name', 'quantity', 'price', 'cost'];
const NUMBERS = ['quantity', 'price', 'cost'] as const;

/** The server's refusal of a lines update ("0.quantity": "Quantity is out of range") as the dialog shows it. */
export function lineEditRefusal(err: unknown): LineEditRefusal {
  const fields: FieldReasons = {};
  for (const [key, reason] of Object.entries(fieldErrors(err))) {
    const field = key.split('.').pop() as EditField;
    if (EDIT_FIELDS.includes(field)) fields[field] ??= reason;
  }
  return { message: errorMessage(err), fields };
}

/** The server's own checks, before sending: numbers within their columns, notes and headers keep their text. */
function checkEdit(edit: LineEdit, lines: readonly LineDto[]): FieldReasons {
  const reasons: FieldReasons = {};
  for (const field of NUMBERS) {
    const text = edit[field];
    if (text === undefined) continue;
    const checked = checkNumberInput(text, NUMERIC_FIELDS[field]);
    if (!checked.ok) reasons[field] = checked.message;
  }
  if (edit.name !== undefined && lines.some((l) => isMissingDescription(l.kind, edit.name)))
    reasons.name = DESCRIPTION_REQUIRED;
  return reasons;
}

/**
 * Edits the selected lines. A refused value (by the checks above or by the server) keeps the dialog open with what
 * was typed and the reason beside the field; `onApply` answers the server's refusal, or undefined once saved.
 */
export function LineEditDialog({
  lines,
  onApply,
  onCancel,
}: {
  lines: LineDto[];
  onApply: (edit: LineEdit) => Promise<LineEditRefusal | undefined> | undefined;
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
  const [reasons, setReasons] = useState<FieldReasons>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const products = lines.some((l) => l.kind === 'product');
  const apply = async () => {
    const edit: LineEdit = {};
    if (v.name !== initial.name) edit.name = v.name;
    if (v.quantity !== initial.quantity && v.quantity !== '') edit.quantity = v.quantity;
    if (v.price !== initial.price && v.price !== '') edit.price = v.price;
    if (v.cost !== initial.cost && v.cost !== '') edit.cost = v.cost;
    if (v.pct !== initial.pct) edit.price_percentage_active = v.pct;
    const local = checkEdit(edit, lines);
    setReasons(local);
    setRefused(null);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const refusal = await onApply(edit);
      if (!refusal) return;
      setReasons(refusal.fields);
      // a reason no field shows is shown above them
      const shown = Object.keys(refusal.fields).some((f) => f === 'name' || products);
      setRefused(shown ? null : refusal.message);
    } finally {
      setSaving(false);
    }
  };
  const field = (name: EditField) => ({
    error: reasons[name] !== undefined,
    helperText: reasons[name],
  });
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="template-line-edit-title">
      <DialogTitle id="template-line-edit-title">
        {lines.length === 1 ? 'Edit line' : `Edit ${lines.length} lines`}
      </DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ mt: 1 }}
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          {refused && (
            <Alert severity="error" data-testid="line-edit-refused">
              {refused}
            </Alert>
          )}
          <TextField
            label="Description"
            multiline
            minRows={2}
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.target.value })}
            {...field('name')}
          />
          {products && (
            <>
              <TextField
                label="Qty"
                value={v.quantity}
                onChange={(e) => setV({ ...v, quantity: e.target.value })}
                inputProps={{ inputMode: 'decimal' }}
                {...field('quantity')}
              />
              <TextField
                label={v.pct ? 'Price %' : 'Price'}
                value={v.price}
                onChange={(e) => setV({ ...v, price: e.target.value })}
                inputProps={{ inputMode: 'decimal' }}
                {...field('price')}
              />
              <TextField
                label={v.pct ? 'Cost %' : 'Cost'}
                value={v.cost}
                onChange={(e) => setV({ ...v, cost: e.target.value })}
                inputProps={{ inputMode: 'decimal' }}
                {...field('cost')}
              />
              <FormControlLabel
                control={<Checkbox checked={v.pct} onChange={(e) => setV({ ...v, pct: e.target.checked })} />}
                label="Based on Total"
              />
            </>
          )}
          {/* Enter in a one-line field saves */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => void apply()} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
