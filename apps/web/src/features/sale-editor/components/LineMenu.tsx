// A row's right-click menu (docs/product/screens.md#lines-table): insert below it, or act on the selection (which
// holds the row: useLineSelection's `ensure`).
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import NotesIcon from '@mui/icons-material/Notes';
import PercentIcon from '@mui/icons-material/Percent';
import TitleIcon from '@mui/icons-material/Title';
import { Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { insertBelowPoint } from '@quotewright/domain';
import type { RowMenu } from '../hooks/useLinesTableEvents';
import type { LinesTableHandlers } from './linesTableTypes';

export function LineMenu({
  menu,
  editable,
  handlers,
  selectedIds,
  onClose,
}: {
  menu: RowMenu | null;
  editable: boolean;
  handlers: LinesTableHandlers;
  selectedIds: () => string[];
  onClose: () => void;
}) {
  const menuAction = (fn: () => void) => () => {
    onClose();
    fn();
  };
  return (
    <Menu
      open={menu !== null && editable}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
    >
      {menu && [
        <MenuItem key="product" onClick={menuAction(() => handlers.insertProduct(insertBelowPoint(menu.index)))}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          Insert Product Below
        </MenuItem>,
        <MenuItem key="note" onClick={menuAction(() => handlers.addText('note', insertBelowPoint(menu.index)))}>
          <ListItemIcon>
            <NotesIcon fontSize="small" />
          </ListItemIcon>
          Insert Note Below
        </MenuItem>,
        <MenuItem key="header" onClick={menuAction(() => handlers.addText('header', insertBelowPoint(menu.index)))}>
          <ListItemIcon>
            <TitleIcon fontSize="small" />
          </ListItemIcon>
          Insert Header Below
        </MenuItem>,
        <MenuItem key="markup" onClick={menuAction(() => handlers.setMarkup(selectedIds()))}>
          <ListItemIcon>
            <PercentIcon fontSize="small" />
          </ListItemIcon>
          Set Markup
        </MenuItem>,
        <MenuItem key="move" onClick={menuAction(() => handlers.moveCopy(selectedIds()))}>
          <ListItemIcon>
            <DriveFileMoveIcon fontSize="small" />
          </ListItemIcon>
          Move/Copy to...
        </MenuItem>,
        <Divider key="d" />,
        <MenuItem key="delete" onClick={menuAction(() => handlers.remove(selectedIds()))} sx={{ color: 'error.main' }}>
          <ListItemIcon>
            <DeleteIcon fontSize="small" color="error" />
          </ListItemIcon>
          Delete
        </MenuItem>,
      ]}
    </Menu>
  );
}
