import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Toolbar,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactElement } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DRAWER_WIDTH } from '../../lib/constants';
import { drawerEntries, type NavEntry, type NavKey } from '../access';
import { useCurrentUser } from '../providers/currentUser';
import { useSaleSummary } from '../providers/saleSummary';

const ICONS: Record<NavKey, ReactElement> = {
  sales: <ReceiptLongIcon />,
  analyticReport: <AssessmentIcon />,
  journalItems: <ListAltIcon />,
  stockLocation: <WarehouseIcon />,
  stockProduct: <Inventory2Icon />,
  templates: <DescriptionIcon />,
  users: <PeopleIcon />,
  settings: <SettingsIcon />,
};

function isActive(entry: NavEntry, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/' || pathname.startsWith('/sale');
  if (entry.key === 'templates') return pathname === '/templates' || pathname.startsWith('/template/');
  return pathname === entry.path;
}

export function NavDrawer({ mobileOpen, onClose }: { mobileOpen: boolean; onClose: () => void }) {
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { data: user, isPending } = useCurrentUser();
  const summary = useSaleSummary();
  const { pathname } = useLocation();
  const entries = drawerEntries(user);

  const content = (
    <Box sx={{ overflow: 'auto', display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar />
      <nav aria-label="Main">
        <List data-testid="nav-drawer">
          {isPending && !user
            ? [0, 1, 2].map((i) => (
                <ListItem key={i} sx={{ px: 2, py: 1 }}>
                  <Skeleton variant="rounded" height={28} sx={{ width: '100%' }} />
                </ListItem>
              ))
            : entries.map((entry) => (
                // A list holds list items only: each link sits in its own <li>.
                <ListItem key={entry.key} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={entry.path}
                    selected={isActive(entry, pathname)}
                    onClick={permanent ? undefined : onClose}
                    data-nav={entry.key}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[entry.key]}</ListItemIcon>
                    <ListItemText primary={entry.label} />
                  </ListItemButton>
                </ListItem>
              ))}
        </List>
      </nav>
      {summary != null && (
        <>
          <Divider />
          <Box sx={{ p: 2 }} data-testid="sale-summary">
            {summary}
          </Box>
        </>
      )}
    </Box>
  );

  const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const };
  return (
    <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 }, displayPrint: 'none' }}>
      {permanent ? (
        <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': paperSx }}>
          {content}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={onClose}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': paperSx }}
        >
          {content}
        </Drawer>
      )}
    </Box>
  );
}
