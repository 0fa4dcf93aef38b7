// The admin audit log (docs/decisions/0033-audit-log.md): who did which admin action, to what, when, from where and
// what changed, newest first; filtered by action, who, target and days; paged by the server.
import { Alert, Button } from '@mui/material';
import { AUDIT_PAGE_SIZE } from '@quotewright/contracts';
import { addDays, startOfDay } from 'date-fns';
import type { MRT_PaginationState } from 'material-react-table';
import { useMemo, useState } from 'react';
import { DataTable, FIT_WIDTH, useDataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { type AuditListQuery, useAuditActors, useAuditPage } from './api/audit';
import { AuditFilters, type AuditFiltersValue, NO_AUDIT_FILTERS } from './components/AuditFilters';
import { auditColumns } from './components/auditColumns';

const PAGE_SIZE_OPTIONS = [20, 50, 100, 200];

/** The query of one page: days become instants of the browser's time zone (from its start, to the next day's). */
export function auditQuery(f: AuditFiltersValue, page: number, pageSize: number): AuditListQuery {
  const target = f.target.trim();
  return {
    page,
    pageSize,
    ...(f.actions.length ? { action: f.actions } : {}),
    ...(f.actor ? { actor: f.actor } : {}),
    ...(target ? { target } : {}),
    ...(f.from ? { from: startOfDay(f.from).toISOString() } : {}),
    ...(f.to ? { to: addDays(startOfDay(f.to), 1).toISOString() } : {}),
  };
}

export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFiltersValue>(NO_AUDIT_FILTERS);
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: AUDIT_PAGE_SIZE });
  const target = useDebouncedValue(filters.target, 300);
  const invalidRange = !!filters.from && !!filters.to && filters.from > filters.to;
  const query = auditQuery({ ...filters, target }, pagination.pageIndex, pagination.pageSize);
  const log = useAuditPage(query, !invalidRange);
  const actors = useAuditActors();
  const deleted = useMemo(() => new Set((actors.data ?? []).filter((a) => a.deleted).map((a) => a.id)), [actors.data]);
  const columns = useMemo(() => auditColumns(deleted), [deleted]);

  const table = useDataTable({
    ...FIT_WIDTH,
    columns,
    data: log.data?.items ?? [],
    getRowId: (e) => e._id,
    manualPagination: true,
    rowCount: log.data?.total ?? 0,
    onPaginationChange: setPagination,
    enableSorting: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableColumnActions: false,
    enableTopToolbar: false,
    muiPaginationProps: { rowsPerPageOptions: PAGE_SIZE_OPTIONS },
    localization: { noRecordsToDisplay: 'No audit entries match these filters' },
    muiTableProps: { 'aria-label': 'Audit log' },
    state: {
      pagination,
      isLoading: log.isPending && !invalidRange,
      showProgressBars: log.isFetching && !log.isPending,
    },
  });

  return (
    <>
      <PageHeader title="Audit Log" subtitle="Admin actions: who changed what, when and from where" />
      <AuditFilters
        value={filters}
        actors={actors.data ?? []}
        onChange={(next) => {
          setFilters(next);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
      />
      {/* An error says so (never "no entries"); the table comes back with the retry. */}
      {log.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void log.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the audit log: {errorMessage(log.error)}
        </Alert>
      ) : (
        <DataTable table={table} />
      )}
    </>
  );
}
