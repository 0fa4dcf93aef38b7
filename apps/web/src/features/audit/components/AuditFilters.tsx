import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Box, Button, Checkbox, ListItemText, MenuItem, Paper, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, type AuditActorDto } from '@quotewright/contracts';

export interface AuditFiltersValue {
  actions: AuditAction[];
  /** A user id; '' for anyone. */
  actor: string;
  /** Text in the target (a user's e-mail, a settings' name). */
  target: string;
  /** Days, inclusive, in the browser's time zone. */
  from: Date | null;
  to: Date | null;
}

export const NO_AUDIT_FILTERS: AuditFiltersValue = { actions: [], actor: '', target: '', from: null, to: null };

const DATE_FORMAT = 'MM/dd/yyyy';
const ANYONE = '';

export const actorText = (a: AuditActorDto) => (a.deleted ? `${a.name} (deleted user)` : a.name);

/** The filters above the log: action (several), who, target text, from and to days. */
export function AuditFilters({
  value,
  onChange,
  actors,
}: {
  value: AuditFiltersValue;
  onChange: (next: AuditFiltersValue) => void;
  actors: AuditActorDto[];
}) {
  const set = <K extends keyof AuditFiltersValue>(key: K, v: AuditFiltersValue[K]) => onChange({ ...value, [key]: v });
  const invalidRange = !!value.from && !!value.to && value.from > value.to;
  const any =
    value.actions.length > 0 ||
    value.actor !== ANYONE ||
    value.target !== '' ||
    value.from !== null ||
    value.to !== null;
  const date = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      format={DATE_FORMAT}
      value={value[key]}
      onChange={(v) => set(key, v && !Number.isNaN((v as Date).getTime()) ? (v as Date) : null)}
      slotProps={{
        textField: {
          size: 'small',
          sx: { width: 165 },
          ...(key === 'to' && invalidRange ? { error: true, helperText: 'Before the start' } : {}),
        },
        field: { clearable: true },
      }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Filters">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Action"
          value={value.actions}
          onChange={(e) => {
            const v = e.target.value as unknown as string[] | string;
            set('actions', (typeof v === 'string' ? v.split(',') : v) as AuditAction[]);
          }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as AuditAction[];
                if (list.length === 0) return 'Any action';
                return list.length === 1 ? AUDIT_ACTION_LABELS[list[0]!] : `${list.length} actions`;
              },
            },
            inputLabel: { shrink: true },
          }}
          sx={{ width: 190 }}
        >
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a} dense>
              <Checkbox size="small" checked={value.actions.includes(a)} tabIndex={-1} disableRipple sx={{ py: 0 }} />
              <ListItemText primary={AUDIT_ACTION_LABELS[a]} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Who"
          value={actors.some((a) => a.id === value.actor) ? value.actor : ANYONE}
          onChange={(e) => set('actor', e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        >
          <MenuItem value={ANYONE}>Anyone</MenuItem>
          {actors.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {actorText(a)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Target"
          placeholder="E-mail or name"
          value={value.target}
          onChange={(e) => set('target', e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        />
        {date('from', 'From')}
        {date('to', 'To')}
        <Button startIcon={<FilterAltOffIcon />} onClick={() => onChange(NO_AUDIT_FILTERS)} disabled={!any}>
          Clear filters
        </Button>
      </Box>
    </Paper>
  );
}
