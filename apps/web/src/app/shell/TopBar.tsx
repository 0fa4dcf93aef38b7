import MenuIcon from '@mui/icons-material/Menu';
import PrintIcon from '@mui/icons-material/Print';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/constants';
import { DiscreteIndicator } from './DiscreteIndicator';
import { EditorAvatars } from './EditorAvatars';
import { ProfileMenu } from './ProfileMenu';
import { SettingsMenu } from './SettingsMenu';

export function TopBar({ onMenuClick, menuButton }: { onMenuClick: () => void; menuButton: boolean }) {
  return (
    <AppBar
      position="fixed"
      color="primary"
      sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1, displayPrint: 'none' })}
    >
      <Toolbar>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          onClick={onMenuClick}
          sx={{ mr: 1, display: menuButton ? undefined : 'none' }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          variant="h6"
          component={Link}
          to="/"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600 }}
        >
          {PRODUCT_NAME}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <EditorAvatars />
        <DiscreteIndicator />
        <Tooltip title="Print / PDF">
          <IconButton color="inherit" aria-label="Print" onClick={() => window.print()}>
            <PrintIcon />
          </IconButton>
        </Tooltip>
        <SettingsMenu />
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
