import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import { createRow, type MRT_Row, type MRT_VisibilityState } from 'material-react-table';
import { useEffect, useMemo, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSession } from '../../../app/providers/session';
import { useSnackbar } from '../../../app/providers/snackbar';
import { DataTable, FIT_WIDTH, useDataTable } from '../../../components/DataTable';
import { errorMessage } from '../../../lib/api';
import { USERS_PAGE_SIZE, USERS_PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import type { User } from '../../../lib/types';
import { useDeleteUser, useUsers } from '../api/users';
import { useUserRowEditing } from '../hooks/useUserRowEditing';
import { ModuleAccessPanel } from './ModuleAccessPanel';
import { userColumns } from './userColumns';
import { blankUser, type UserRow } from './userForm';

/** A row's `Edit` (not while a row is added or edited) and `Delete` (never one's own account). */
function UserRowActions({
  user,
  self,
  editing,
  deleting,
  onEdit,
  onDelete,
}: {
  user: User;
  self: boolean;
  editing: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Tooltip title="Edit">
        <span>
          <IconButton aria-label={`Edit ${user.name}`} onClick={onEdit} disabled={editing}>
            <EditIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={self ? 'You cannot delete your own account' : 'Delete'}>
        <span>
          <IconButton aria-label={`Delete ${user.name}`} color="error" onClick={onDelete} disabled={self || deleting}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

export function UsersTable() {
  const { userId } = useSession();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const loading = useLoadingOverlay();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const edit = useUserRowEditing();
  const { errors, setErrors, creatingRow, editingRow, saving, tableRef, justCreated, setJustCreated } = edit;
  const [columnVisibility, setColumnVisibility] = useState<MRT_VisibilityState>({});

  const confirmDelete = async (user: User) => {
    const ok = await dialog.confirm({
      title: 'Delete User',
      message: `Are you sure you want to delete the following user? ${user.name} (${user.email})`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    try {
      await loading.track(deleteUser.mutateAsync(user._id));
      snackbar.show(`User ${user.name} deleted`, 'success');
    } catch (err) {
      void dialog.error(err);
    }
  };

  // Handlers read the latest state through tableRef, so the columns are built once.
  const columns = useMemo(
    () =>
      userColumns({
        errors,
        creatingRowId: creatingRow?.id,
        clearError: edit.clearError,
        submitOnEnter: edit.submitOnEnter,
      }),
    [errors, creatingRow],
  );

  const editing = creatingRow !== null || editingRow !== null;
  const table = useDataTable<UserRow>({
    ...FIT_WIDTH,
    columns,
    data: users.data ?? [],
    getRowId: (u) => u._id,
    enableEditing: true,
    createDisplayMode: 'row',
    editDisplayMode: 'row',
    enableRowActions: true,
    initialState: {
      pagination: { pageIndex: 0, pageSize: USERS_PAGE_SIZE },
      sorting: [{ id: 'name', desc: false }],
    },
    muiPaginationProps: { rowsPerPageOptions: [...USERS_PAGE_SIZE_OPTIONS] },
    // A refetch of the list (after an add, an edit, another admin's change) keeps the page the admin is on.
    autoResetPageIndex: false,
    state: {
      isLoading: users.isPending,
      isSaving: saving,
      showAlertBanner: users.isError,
      showProgressBars: users.isFetching && !users.isPending,
      creatingRow,
      editingRow,
      // The password field only appears while a row is being added or edited.
      columnVisibility: { ...columnVisibility, password: editing },
    },
    onCreatingRowChange: (row) => edit.setCreatingRow(row as MRT_Row<UserRow> | null),
    onEditingRowChange: (row) => edit.setEditingRow(row as MRT_Row<UserRow> | null),
    onColumnVisibilityChange: setColumnVisibility,
    muiToolbarAlertBannerProps: users.isError
      ? { color: 'error', children: `Could not load users: ${errorMessage(users.error)}` }
      : undefined,
    onCreatingRowSave: ({ values }) => edit.saveNew(values),
    onCreatingRowCancel: () => setErrors({}),
    onEditingRowSave: ({ row, values }) => edit.saveEdit(row, values),
    onEditingRowCancel: () => setErrors({}),
    renderDetailPanel: ({ row }) =>
      row.original._id ? <ModuleAccessPanel key={JSON.stringify(row.original.modules)} user={row.original} /> : null,
    renderRowActions: ({ row, table }) => (
      <UserRowActions
        user={row.original}
        self={row.original._id === userId}
        editing={editing}
        deleting={deleteUser.isPending}
        onEdit={() => {
          setErrors({});
          table.setEditingRow(row);
        }}
        onDelete={() => confirmDelete(row.original)}
      />
    ),
    renderTopToolbarCustomActions: ({ table }) => (
      <Button
        variant="contained"
        startIcon={<PersonAddIcon />}
        disabled={editing || users.isPending}
        onClick={() => {
          setErrors({});
          table.setCreatingRow(createRow(table, blankUser()));
        }}
      >
        Add User
      </Button>
    ),
  });
  tableRef.current = table;

  const data = users.data;
  useEffect(() => {
    if (!justCreated || !data?.some((u) => u._id === justCreated)) return;
    const rows = table.getPrePaginationRowModel().rows;
    const at = rows.findIndex((r) => r.original._id === justCreated);
    if (at >= 0) table.setPageIndex(Math.floor(at / table.getState().pagination.pageSize));
    setJustCreated(null);
  }, [justCreated, data, table, setJustCreated]);

  return <DataTable table={table} />;
}
