import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_MENU_WIDTH } from '../../lib/constants';
import { initials } from '../avatarStack';
import { useCurrentUser } from '../providers/currentUser';
import { useSession } from '../providers/session';

export function ProfileMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { claims, logout } = useSession();
  const { data: user } = useCurrentUser();
  const name = user?.name ?? claims?.name ?? '';
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          aria-label="Account"
          aria-controls={anchor ? menuId : undefined}
          aria-haspopup="true"
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ ml: 0.5 }}
        >
          <Avatar
            sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
          >
            {initials(name || '?')}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: PROFILE_MENU_WIDTH }, 'data-testid': 'profile-menu' } as object }}
      >
        <SignedInAs name={name} email={user?.email ?? ''} />
        <Divider />
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            logout('manual');
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * Who is signed in, at the top of the account menu: plain text, not a menu item. The menu list skips it when it
 * picks the item to focus (a focusable text block in a menu is neither an item nor allowed there).
 */
function SignedInAs({ name, email }: { name: string; email: string }) {
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Typography variant="subtitle1" component="p" noWrap data-testid="profile-menu-name">
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {email}
      </Typography>
    </Box>
  );
}
SignedInAs.muiSkipListHighlight = true;
