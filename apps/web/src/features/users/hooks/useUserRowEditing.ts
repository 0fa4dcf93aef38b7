// Adding and editing a user in a row of the table (docs/product/screens.md#user-management): checked before it is
// sent; the server's field errors show under the fields, anything else in the 'Error' dialog. Enter in any field
// saves the row, Escape cancels it.
import { defaultModules } from '@quotewright/domain';
import type { MRT_Row, MRT_TableInstance } from 'material-react-table';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useSnackbar } from '../../../app/providers/snackbar';
import { ApiError, type FieldErrors } from '../../../lib/api';
import { type UserChanges, useCreateUser, useUpdateUser } from '../api/users';
import { INLINE_FIELDS, readValues, type UserRow, validate } from '../components/userForm';

export function useUserRowEditing() {
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [creatingRow, setCreatingRow] = useState<MRT_Row<UserRow> | null>(null);
  const [editingRow, setEditingRow] = useState<MRT_Row<UserRow> | null>(null);
  /** The table, for the handlers to read its latest state. */
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
    void dialog.error(err);
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

  const clearError = (field: string) => () => {
    if (errors[field]) setErrors(({ [field]: _x, ...rest }) => rest);
  };

  return {
    errors,
    setErrors,
    creatingRow,
    setCreatingRow,
    editingRow,
    setEditingRow,
    saving,
    saveNew,
    saveEdit,
    submitOnEnter,
    clearError,
    tableRef,
    justCreated,
    setJustCreated,
  };
}
