import { Box, Typography } from '@mui/material';
import { AUDIT_ACTION_LABELS, type AuditEntryDto } from '@quotewright/contracts';
import type { MRT_ColumnDef } from 'material-react-table';
import { formatDateTime } from '../../../lib/format';
import { AUDIT_TARGET_LABELS, describeChanges } from '../auditText';

const secondary = { variant: 'caption', color: 'text.secondary', display: 'block' } as const;

/** The log's columns: When (local time), Who, Action, Target, Changes, Address. `deleted` names actors who are gone. */
export function auditColumns(deleted: ReadonlySet<string>): MRT_ColumnDef<AuditEntryDto>[] {
  return [
    {
      id: 'at',
      header: 'When',
      accessorKey: 'at',
      size: 120,
      Cell: ({ row }) => (
        <time dateTime={row.original.at} title={new Date(row.original.at).toLocaleString()}>
          {formatDateTime(row.original.at)}
        </time>
      ),
    },
    {
      id: 'actor',
      header: 'Who',
      accessorFn: (e) => e.actor.name,
      size: 130,
      Cell: ({ row }) => {
        const { actor } = row.original;
        return (
          <>
            {actor.name}
            {actor.id && deleted.has(actor.id) && <Typography {...secondary}>deleted user</Typography>}
          </>
        );
      },
    },
    {
      id: 'action',
      header: 'Action',
      accessorFn: (e) => AUDIT_ACTION_LABELS[e.action],
      size: 130,
    },
    {
      id: 'target',
      header: 'Target',
      accessorFn: (e) => e.target.label,
      size: 170,
      Cell: ({ row }) => (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          {row.original.target.label}
          <Typography {...secondary}>{AUDIT_TARGET_LABELS[row.original.target.type]}</Typography>
        </Box>
      ),
    },
    {
      id: 'changes',
      header: 'Changes',
      accessorFn: (e) => describeChanges(e).join('; '),
      size: 300,
      Cell: ({ row }) => {
        const lines = describeChanges(row.original);
        if (lines.length === 0) return <Typography color="text.secondary">—</Typography>;
        // A created or deleted user lists every field: one wrapping line; a change, one line per field.
        const oneSided = !row.original.before || !row.original.after;
        return oneSided ? (
          <Box sx={{ overflowWrap: 'anywhere' }}>{lines.join(' · ')}</Box>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', overflowWrap: 'anywhere' }}>
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </Box>
        );
      },
    },
    {
      id: 'address',
      header: 'Address',
      accessorFn: (e) => e.address ?? '',
      size: 110,
      Cell: ({ row }) => (
        <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {row.original.address ?? '—'}
        </Box>
      ),
    },
  ];
}
