import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { defaultModules, defaultPreferences } from '@quotewright/domain';
import {
  createRow,
  type MRT_ColumnDef,
  type MRT_Row,
  type MRT_TableInstance,
  type MRT_VisibilityState,
} from 'material-react-table';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSession } from '../../../app/providers/session';
import { useSnackbar } from '../../../app/providers/snackbar';
import { DataTable, FIT_WIDTH, useDataTable } from '../../../components/DataTable';
import { ApiError, errorMessage, type FieldErrors } from '../../../lib/api';
import { USERS_PAGE_SIZE, USERS_PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import type { User } from '../../../lib/types';
import { type UserChanges, useCreateUser, useDeleteUser, useUpdateUser, useUsers } from '../api/users';
import { CheckboxEdit } from './CheckboxEdit';
import { ModuleAccessPanel } from './ModuleAccessPanel';

type UserRow = User & { password?: string };

const INLINE_FIELDS = ['name', 'email', 'password', 'isAdmin'] as const;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function blankUser(): UserRow {
  return {
    _id: '',
    name: '',
    email: '',
    password: '',
    isAdmin: false,
    date: '',
    azure_id: null,
    modules: defaultModules(),
    preferences: defaultPreferences(),
  };
}

interface RowValues {
  name: string;
  email: string;
  password: string;
  isAdmin: boolean;
}

function readValues(values: Record<string, unknown>): RowValues {
  return {
    name: String(values.name ?? '').trim(),
    email: String(values.email ?? '').trim(),
    password: String(values.password ?? ''),
    isAdmin: values.isAdmin === true,
  };
}

function validate(v: RowValues, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.name) errors.name = 'Name is required';
  if (!v.email) errors.email = 'Email is required';
  else if (!EMAIL_RE.test(v.email)) errors.email = 'Enter a valid email address';
  if (creating && !v.password) errors.password = 'Password is required';
  return errors;
}

type CellProps = Parameters<NonNullable<MRT_ColumnDef<UserRow>['Cell']>>[0];
type EditProps = Parameters<NonNullable<MRT_ColumnDef<UserRow>['Edit']>>[0];

function EmptyCell() {
  return null;
}

function AdminCell({ cell }: CellProps) {
  return cell.getValue<boolean>() ? (
    <CheckCircleIcon color="primary" fontSize="small" titleAccess="Admin" />
  ) : (
    <Typography component="span" color="text.disabled">
      —
    </Typography>
  );
}

function AdminEdit({ cell, column, row, table }: EditProps) {
  return <CheckboxEdit cell={cell} column={column} row={row} table={table} label="Admin Rights" />;
}

function CreatedOnCell({ cell }: CellProps) {
  return formatDateTime(cell.getValue<string>());
}

function AzureCell({ cell, row }: CellProps) {
  if (!row.original._id) return null;
  return cell.getValue<boolean>() ? (
    <Chip label="Linked" size="small" color="success" variant="outlined" />
  ) : (
    <Chip label="No" size="small" variant="outlined" />
  );
}

export function UsersTable() {
  const { userId } = useSession();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const loading = useLoadingOverlay();
  const users = useUsers();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [creatingRow, setCreatingRow] = useState<MRT_Row<UserRow> | null>(null);
  const [editingRow, setEditingRow] = useState<MRT_Row<UserRow> | null>(null);
  const [columnVisibility, setColumnVisibility] = useState<MRT_VisibilityState>({});
  const tableRef = useRef<MRT_TableInstance<UserRow> | null>(null);
  /** A user just added: the table turns to the page that holds them (sorted by name, they may be on page 3). */
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const saving = createUser.isPending || updateUser.isPending;

  /** Server answers: field errors go under the fields, anything else to the 'Error' dialog. */
  const showFailure = (err: unknown) => {
    if (err instanceof ApiError && err.hasFieldErrors) {
      const inline: FieldErrors = {};
      const rest: string[] = [];
      for (const [field, message] of Object.entries(err.errors)) {
        if ((INLINE_FIELDS as readonly string[]).includes(field)) inline[field] = message;
        else rest.push(message);
      }
      setErrors(inline);
      if (rest.length > 0 || Object.keys(inline).length === 0) void dialog.error(rest.join('\n') || err.message);
      return;
    }
    void dialog.error(errorMessage(err));
  };

  const saveNew = async (raw: Record<string, unknown>) => {
    if (saving) return;
    const v = readValues(raw);
    const invalid = validate(v, true);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    try {
      const created = await createUser.mutateAsync({
        name: v.name,
        email: v.email,
        password: v.password,
        isAdmin: v.isAdmin,
        modules: defaultModules(),
      });
      setCreatingRow(null);
      setJustCreated(created._id);
      snackbar.show(`User ${created.name} created`, 'success');
    } catch (err) {
      // The row stays open with everything typed, so nothing is lost.
      showFailure(err);
    }
  };

  const saveEdit = async (row: MRT_Row<UserRow>, raw: Record<string, unknown>) => {
    if (saving) return;
    const v = readValues(raw);
    const invalid = validate(v, false);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    const before = row.original;
    const changes: UserChanges = {};
    if (v.name !== before.name) changes.name = v.name;
    if (v.email !== before.email) changes.email = v.email;
    if (v.isAdmin !== before.isAdmin) changes.isAdmin = v.isAdmin;
    if (v.password) changes.password = v.password;
    if (Object.keys(changes).length === 0) {
      setEditingRow(null);
      return;
    }
    try {
      await updateUser.mutateAsync({ id: before._id, changes });
      setEditingRow(null);
      snackbar.show(`User ${v.name} saved`, 'success');
    } catch (err) {
      showFailure(err);
    }
  };

  /** Enter in any inline field saves the row (MRT blurs the field first, which stores its value); Escape cancels. */
  const submitOnEnter = (row: MRT_Row<UserRow>) => (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setErrors({});
      row._valuesCache = {} as typeof row._valuesCache;
      setCreatingRow(null);
      setEditingRow(null);
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey) return;
    setTimeout(() => {
      const state = tableRef.current?.getState();
      if (state?.creatingRow?.id === row.id) void saveNew(row._valuesCache as Record<string, unknown>);
      else if (state?.editingRow?.id === row.id) void saveEdit(row, row._valuesCache as Record<string, unknown>);
    }, 0);
  };

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
      void dialog.error(errorMessage(err));
    }
  };

  const clearError = (field: string) => () => {
    if (errors[field]) setErrors(({ [field]: _x, ...rest }) => rest);
  };

  // Handlers read the latest state through tableRef, so the columns are built once.
  const columns = useMemo<MRT_ColumnDef<UserRow>[]>(
    () => [
      {
        accessorKey: 'name',
        header: 'Name',
        size: 140,
        muiEditTextFieldProps: ({ row }) => ({
          required: true,
          error: Boolean(errors.name),
          helperText: errors.name,
          onFocus: clearError('name'),
          onKeyDown: submitOnEnter(row),
          // the field's own width (an input's default is 20 characters) never widens the table
          inputProps: { 'aria-label': 'Name', size: 10 },
        }),
      },
      {
        accessorKey: 'email',
        header: 'Email',
        size: 180,
        muiEditTextFieldProps: ({ row }) => ({
          type: 'email',
          required: true,
          error: Boolean(errors.email),
          helperText: errors.email,
          onFocus: clearError('email'),
          onKeyDown: submitOnEnter(row),
          // the field's own width (an input's default is 20 characters) never widens the table
          inputProps: { 'aria-label': 'Email', size: 16 },
        }),
      },
      {
        accessorKey: 'password',
        header: 'Password',
        size: 140,
        enableSorting: false,
        enableColumnFilter: false,
        enableHiding: false,
        enableColumnActions: false,
        Cell: EmptyCell,
        muiEditTextFieldProps: ({ row }) => ({
          type: 'password',
          autoComplete: 'new-password',
          required: creatingRow?.id === row.id,
          placeholder: creatingRow?.id === row.id ? 'Password' : 'New password (optional)',
          error: Boolean(errors.password),
          helperText: errors.password,
          onFocus: clearError('password'),
          onKeyDown: submitOnEnter(row),
          // the field's own width (an input's default is 20 characters) never widens the table
          inputProps: { 'aria-label': 'Password', size: 10 },
        }),
      },
      {
        accessorKey: 'isAdmin',
        header: 'Admin Rights',
        filterVariant: 'checkbox',
        size: 80,
        Cell: AdminCell,
        Edit: AdminEdit,
      },
      {
        accessorKey: 'date',
        header: 'Created On',
        enableEditing: false,
        enableColumnFilter: false,
        size: 100,
        Cell: CreatedOnCell,
      },
      {
        id: 'azureLinked',
        accessorFn: (u) => Boolean(u.azure_id),
        header: 'Azure Linked',
        enableEditing: false,
        filterVariant: 'checkbox',
        size: 80,
        Cell: AzureCell,
      },
    ],
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
    onCreatingRowChange: (row) => setCreatingRow(row as MRT_Row<UserRow> | null),
    onEditingRowChange: (row) => setEditingRow(row as MRT_Row<UserRow> | null),
    onColumnVisibilityChange: setColumnVisibility,
    muiToolbarAlertBannerProps: users.isError
      ? { color: 'error', children: `Could not load users: ${errorMessage(users.error)}` }
      : undefined,
    onCreatingRowSave: ({ values }) => saveNew(values),
    onCreatingRowCancel: () => setErrors({}),
    onEditingRowSave: ({ row, values }) => saveEdit(row, values),
    onEditingRowCancel: () => setErrors({}),
    renderDetailPanel: ({ row }) =>
      row.original._id ? <ModuleAccessPanel key={JSON.stringify(row.original.modules)} user={row.original} /> : null,
    renderRowActions: ({ row, table }) => {
      const self = row.original._id === userId;
      return (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Tooltip title="Edit">
            <span>
              <IconButton
                aria-label={`Edit ${row.original.name}`}
                onClick={() => {
                  setErrors({});
                  table.setEditingRow(row);
                }}
                disabled={editing}
              >
                <EditIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={self ? 'You cannot delete your own account' : 'Delete'}>
            <span>
              <IconButton
                aria-label={`Delete ${row.original.name}`}
                color="error"
                onClick={() => confirmDelete(row.original)}
                disabled={self || deleteUser.isPending}
              >
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      );
    },
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
  }, [justCreated, data, table]);

  return <DataTable table={table} />;
}
