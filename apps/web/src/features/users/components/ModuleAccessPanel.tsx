import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { ACCESS_LEVELS, type AccessLevel, MODULES, type Module, type Modules } from '@quotewright/domain';
import { useId, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useSnackbar } from '../../../app/providers/snackbar';
import type { User } from '../../../lib/types';
import { useUpdateUser } from '../api/users';

export const MODULE_LABELS: Record<Module, string> = {
  sales: 'Sales',
  accounting: 'Accounting',
  inventory: 'Inventory',
};

export const LEVEL_LABELS: Record<AccessLevel, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  full_rights: 'Full Rights',
};

function sameModules(a: Modules, b: Modules): boolean {
  return MODULES.every((m) => a[m].enabled === b[m].enabled && a[m].level === b[m].level);
}

function ModuleCard({
  module,
  value,
  onChange,
  disabled,
}: {
  module: Module;
  value: Modules[Module];
  onChange: (next: Modules[Module]) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  const label = MODULE_LABELS[module];
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 200 }} data-module={module}>
      <Typography variant="subtitle1" fontWeight={600} gutterBottom>
        {label}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.enabled}
            onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
            disabled={disabled}
            slotProps={{ input: { 'aria-label': `${label} Enabled` } }}
          />
        }
        label="Enabled"
      />
      <FormControl fullWidth size="small" sx={{ mt: 1 }} disabled={disabled}>
        <InputLabel id={labelId}>Access Level</InputLabel>
        <Select
          labelId={labelId}
          label="Access Level"
          value={value.level}
          onChange={(e) => onChange({ ...value, level: e.target.value as AccessLevel })}
        >
          {ACCESS_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {LEVEL_LABELS[level]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Paper>
  );
}

/** The per-user module settings: a draft until Save; Discard restores the saved state. */
export function ModuleAccessPanel({ user }: { user: User }) {
  const [draft, setDraft] = useState<Modules>(user.modules);
  const update = useUpdateUser();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const dirty = !sameModules(draft, user.modules);
  const saving = update.isPending;

  const save = () => {
    update.mutate(
      { id: user._id, changes: { modules: draft } },
      {
        onSuccess: () => snackbar.show(`Module access saved for ${user.name}`, 'success'),
        // The draft stays as it is, so nothing is lost on a failed save.
        onError: (err) => dialog.error(err),
      },
    );
  };

  return (
    <Box sx={{ px: 1 }} data-testid={`modules-${user._id}`}>
      {user.isAdmin && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Admins pass every module check; these settings apply if admin rights are removed.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {MODULES.map((m) => (
          <ModuleCard
            key={m}
            module={m}
            value={draft[m]}
            disabled={saving}
            onChange={(next) => setDraft((d) => ({ ...d, [m]: next }))}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }} justifyContent="flex-end">
        <Button onClick={() => setDraft(user.modules)} disabled={!dirty || saving}>
          Discard
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!dirty || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save
        </Button>
      </Stack>
    </Box>
  );
}
