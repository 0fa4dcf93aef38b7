import SettingsIcon from '@mui/icons-material/Settings';
import { IconButton, ListItemText, Menu, MenuItem, Switch, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import type { PreferenceKey } from '../../lib/types';
import { useDiscreteMode } from '../discrete';
import { usePreferences } from '../providers/currentUser';
import { useSnackbar } from '../providers/snackbar';

/** The display-preference toggles (SPEC §1): dark mode, widescreen, discrete mode. */
export function SettingsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { preferences, setPreference } = usePreferences();
  const { setDiscrete } = useDiscreteMode();
  const snackbar = useSnackbar();

  const toggle = async (key: PreferenceKey) => {
    const next = !preferences[key];
    if (key === 'discreteMode') {
      setAnchor(null);
      await setDiscrete(next);
      return;
    }
    try {
      await setPreference(key, next);
    } catch (err) {
      snackbar.show(errorMessage(err), 'error');
    }
  };

  const item = (key: PreferenceKey, label: string) => (
    <MenuItem onClick={() => toggle(key)} role="menuitemcheckbox" aria-checked={preferences[key]}>
      <ListItemText primary={label} />
      <Switch
        edge="end"
        size="small"
        checked={preferences[key]}
        tabIndex={-1}
        slotProps={{ input: { 'aria-label': label } }}
        sx={{ pointerEvents: 'none' }}
      />
    </MenuItem>
  );

  return (
    <>
      <Tooltip title="Display settings">
        <IconButton
          color="inherit"
          aria-label="Display settings"
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="true"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {item('darkMode', 'Dark Mode')}
        {item('wideScreen', 'Widescreen')}
        {item('discreteMode', 'Discrete Mode')}
      </Menu>
    </>
  );
}
