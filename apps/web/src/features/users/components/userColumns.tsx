// The user management table's columns (docs/product/screens.md#user-management): Name, Email and Password (shown only
// while a row is added or edited), Admin Rights, Created On and Azure Linked.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Chip, Typography } from '@mui/material';
import type { MRT_ColumnDef, MRT_Row } from 'material-react-table';
import type { KeyboardEvent } from 'react';
import type { FieldErrors } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { CheckboxEdit } from './CheckboxEdit';
import type { UserRow } from './userForm';

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

export interface UserColumnsEditing {
  errors: FieldErrors;
  /** The row being added, if any (its password is required). */
  creatingRowId: string | undefined;
  clearError: (field: string) => () => void;
  submitOnEnter: (row: MRT_Row<UserRow>) => (e: KeyboardEvent) => void;
}

export function userColumns({ errors, creatingRowId, clearError, submitOnEnter }: UserColumnsEditing) {
  /** An inline field's error, the Enter and Escape keys, and its name. */
  const field = (name: 'name' | 'email' | 'password', label: string, row: MRT_Row<UserRow>, size: number) => ({
    error: Boolean(errors[name]),
    helperText: errors[name],
    onFocus: clearError(name),
    onKeyDown: submitOnEnter(row),
    // the field's own width (an input's default is 20 characters) never widens the table
    inputProps: { 'aria-label': label, size },
  });
  const columns: MRT_ColumnDef<UserRow>[] = [
    {
      accessorKey: 'name',
      header: 'Name',
      size: 140,
      muiEditTextFieldProps: ({ row }) => ({ required: true, ...field('name', 'Name', row, 10) }),
    },
    {
      accessorKey: 'email',
      header: 'Email',
      size: 180,
      muiEditTextFieldProps: ({ row }) => ({ type: 'email', required: true, ...field('email', 'Email', row, 16) }),
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
        required: creatingRowId === row.id,
        placeholder: creatingRowId === row.id ? 'Password' : 'New password (optional)',
        ...field('password', 'Password', row, 10),
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
  ];
  return columns;
}
