import AssessmentIcon from '@mui/icons-material/Assessment';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
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
import { useCurrentUser, usePreferences } from '../providers/currentUser';
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
  audit: <HistoryIcon />,
};

function isActive(entry: NavEntry, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/' || pathname.startsWith('/sale');
  if (entry.key === 'templates') return pathname === '/templates' || pathname.startsWith('/template/');
  return pathname === entry.path;
}

/**
 * Below this width, widescreen gives the drawer's 240 px to the screen: the drawer opens from the menu button, as on
 * a narrow screen. A sale's lines and the product list beside them need ~1,400 px together (every column shown,
 * no sideways scrolling); at 1440 px (the common laptop) they have it only without the drawer.
 */
export const WIDESCREEN_PERMANENT_DRAWER_PX = 1680;

/** Whether the drawer is always shown beside the screen (else it opens from the top bar's menu button). */
export function usePermanentDrawer(): boolean {
  const theme = useTheme();
  const { preferences } = usePreferences();
  const wideEnough = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const roomy = useMediaQuery(`(min-width: ${WIDESCREEN_PERMANENT_DRAWER_PX}px)`, { noSsr: true });
  return wideEnough && (!preferences.wideScreen || roomy);
}

export function NavDrawer({
  mobileOpen,
  onClose,
  permanent,
}: {
  mobileOpen: boolean;
  onClose: () => void;
  permanent: boolean;
}) {
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
    <Box component="aside" sx={{ width: permanent ? DRAWER_WIDTH : 0, flexShrink: 0, displayPrint: 'none' }}>
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
