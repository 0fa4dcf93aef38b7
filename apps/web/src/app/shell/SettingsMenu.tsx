import SettingsIcon from '@mui/icons-material/Settings';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import type { PreferenceKey } from '../../lib/types';
import { useDiscreteMode } from '../discrete';
import { usePreferences } from '../providers/currentUser';
import { useSnackbar } from '../providers/snackbar';

/** The display-preference toggles (docs/product/screens.md#shell): dark mode, widescreen, discrete mode. */
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
      snackbar.showError(err);
    }
  };

  const item = (key: PreferenceKey, label: string) => (
    // The menu item itself is the checkbox (aria-checked); the toggle beside the label is a picture of its state,
    // not a second control nested inside it.
    <MenuItem onClick={() => toggle(key)} role="menuitemcheckbox" aria-checked={preferences[key]}>
      <ListItemText primary={label} />
      {preferences[key] ? (
        <ToggleOnIcon color="primary" fontSize="large" sx={{ ml: 2, my: -1 }} data-state="on" />
      ) : (
        <ToggleOffIcon color="action" fontSize="large" sx={{ ml: 2, my: -1 }} data-state="off" />
      )}
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
