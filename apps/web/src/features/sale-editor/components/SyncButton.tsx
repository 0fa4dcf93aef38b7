// The ERP sync button of the info panel (docs/product/screens.md#sync-button): its label by state, the pre-publish
// check and confirmation, the live progress of a run, and the side menu of a linked editable sale (Sync Status, Open in
// {ERP}, 'Sync to new Sale').
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  erpFieldLabel,
  type OdooSyncStatus,
  type SyncCheck,
  type SyncCounts,
  type SyncOdooAck,
  type SyncProblem,
} from '@quotewright/contracts';
import { syncButtonKind, syncButtonKindLabel, syncedMessage } from '@quotewright/domain';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { checkSync, isRunning, useSyncStatus } from '../api/sync';
import type { Sale } from '../api/types';
import { SaleWarnings } from './SaleWarnings';

export const SYNC_TO_NEW = 'Sync to new Sale';
export const SYNC_STATUS = 'Sync Status';

/** Where a problem is, for the check dialog: 'Section 1 (Main), line 2 (AX-100)'. */
export function problemPlace(p: SyncProblem): string {
  const parts: string[] = [];
  if (p.section) parts.push(`Section ${p.section.index} (${p.section.name})`);
  if (p.line) parts.push(`line ${p.line.number}${p.line.label ? ` (${p.line.label})` : ''}`);
  return parts.join(', ');
}

const STATE_TEXT: Record<OdooSyncStatus['state'], string> = {
  idle: 'Not synced from here yet',
  queued: 'Queued',
  syncing: 'Syncing',
  synced: 'Synced',
  error: 'Sync Error',
  unknown: 'Not known whether the ERP saved it (trying again is safe)',
};

/** 'Lines 8 added, 0 changed, 0 removed': what a finished run changed, in the preview's terms. */
export function changeCounts(c: { created: number; updated: number; deleted: number }): string {
  return `${c.created} added, ${c.updated} changed, ${c.deleted} removed`;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

/**
 * Whether the sale is in step with the ERP. A finished run reports the sale as it left it; the sale itself is read
 * again over HTTP and arrives after the run's status: until then (the run's sync time newer than the sale's) the
 * run's word holds, so the button goes from the last progress straight to 'Synced', never through 'Sync Changes'.
 */
export function isSaleSynced(
  sale: Pick<Sale, 'odoo_synced' | 'odoo_synced_on'>,
  status: OdooSyncStatus | undefined,
): boolean {
  if (status?.state === 'synced' && time(status.sale.syncedOn) > time(sale.odoo_synced_on)) return status.sale.synced;
  return sale.odoo_synced;
}

type CheckState = { createNew: boolean; check: SyncCheck | null; error: string | null; starting: boolean };

export function SyncButton({
  sale,
  canSync,
  erpName,
  syncOdoo,
  onOpenInErp,
}: {
  sale: Sale;
  canSync: boolean;
  erpName: string;
  syncOdoo: (createNew: boolean) => Promise<SyncOdooAck>;
  onOpenInErp: () => void;
}) {
  const { data: status } = useSyncStatus(sale._id);
  const [checkState, setCheckState] = useState<CheckState | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuAnchor = useRef<HTMLButtonElement | null>(null);

  const running = isRunning(status);
  const isLinked = sale.odoo_id != null || (status?.sale.linked ?? false);
  const editable = sale.state === 'draft' || sale.state === 'sent';
  // A run that finished after the sale was read is newer than the sale's flags.
  const failed = status?.state === 'error' ? true : running ? false : sale.odoo_sync_error;
  const errorText = status?.state === 'error' ? status.message : sale.odoo_sync_message;
  const kind = syncButtonKind({
    isLinked,
    isSynced: isSaleSynced(sale, status),
    isSyncing: running,
    error: failed,
    editable,
  });
  const label = syncButtonKindLabel(kind, erpName);
  const syncedOn =
    time(status?.sale.syncedOn) > time(sale.odoo_synced_on) ? status!.sale.syncedOn : sale.odoo_synced_on;

  const openCheck = async (createNew: boolean) => {
    setMenuOpen(false);
    setCheckState({ createNew, check: null, error: null, starting: false });
    try {
      const check = await checkSync(sale._id, createNew);
      setCheckState((s) => (s ? { ...s, check } : s));
    } catch (err) {
      setCheckState((s) => (s ? { ...s, error: errorMessage(err) } : s));
    }
  };

  const start = async () => {
    if (!checkState) return;
    setCheckState({ ...checkState, starting: true });
    const answer = await syncOdoo(checkState.createNew);
    if (answer.ok) {
      setCheckState(null);
      return;
    }
    setCheckState((s) =>
      s
        ? {
            ...s,
            starting: false,
            error: answer.detail,
            check: s.check && answer.problems ? { ...s.check, ready: false, problems: answer.problems } : s.check,
          }
        : s,
    );
  };

  if (kind === 'open') {
    return (
      <Button variant="contained" startIcon={<OpenInNewIcon />} onClick={onOpenInErp} data-testid="sync-button">
        {label}
      </Button>
    );
  }

  const tooltip =
    kind === 'synced' && syncedOn
      ? `Last synced ${formatDateTime(syncedOn)}`
      : kind === 'sync'
        ? `Sync with ${erpName}`
        : !canSync
          ? 'Publishing needs full rights on sales and a sale in Quote or Quote Sent'
          : '';
  const progress = running ? (status?.progress ?? 0) : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ButtonGroup variant="contained" color={kind === 'error' ? 'error' : kind === 'synced' ? 'success' : 'primary'}>
          <Tooltip title={tooltip}>
            <span>
              <Button
                startIcon={running ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
                disabled={!canSync || running}
                onClick={() => void openCheck(false)}
                data-testid="sync-button"
                data-kind={kind}
              >
                {running ? `${label} ${progress}%` : label}
              </Button>
            </span>
          </Tooltip>
          {isLinked && editable && (
            <Button
              size="small"
              aria-label="Sync options"
              ref={menuAnchor}
              onClick={() => setMenuOpen(true)}
              data-testid="sync-menu-button"
            >
              <ArrowDropDownIcon />
            </Button>
          )}
        </ButtonGroup>
        {kind === 'synced' && (
          <Typography variant="body2" color="success.main" data-testid="sync-synced">
            {syncedMessage(erpName)}
          </Typography>
        )}
        {kind === 'error' && errorText && (
          <Typography variant="body2" color="error" data-testid="sync-error">
            {errorText}
          </Typography>
        )}
        {status?.state === 'unknown' && !running && (
          <Typography variant="body2" color="warning.main" data-testid="sync-unknown">
            {status.message ?? STATE_TEXT.unknown}
          </Typography>
        )}
      </Box>
      {running && (
        <Box sx={{ maxWidth: 360 }} data-testid="sync-progress">
          <LinearProgress variant="determinate" value={progress ?? 0} aria-label="Sync progress" />
          {status?.message && (
            <Typography variant="caption" color="text.secondary">
              {status.message}
            </Typography>
          )}
        </Box>
      )}
      <Menu anchorEl={menuAnchor.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        <MenuItem
          onClick={() => {
            setMenuOpen(false);
            setStatusOpen(true);
          }}
        >
          {SYNC_STATUS}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuOpen(false);
            onOpenInErp();
          }}
        >
          {`Open in ${erpName}`}
        </MenuItem>
        <MenuItem disabled={!canSync || running} onClick={() => void openCheck(true)}>
          {SYNC_TO_NEW}
        </MenuItem>
      </Menu>
      {checkState && (
        <CheckDialog
          state={checkState}
          erpName={erpName}
          linked={isLinked}
          onCancel={() => setCheckState(null)}
          onStart={() => void start()}
        />
      )}
      {statusOpen && (
        <StatusDialog status={status} sale={sale} erpName={erpName} onClose={() => setStatusOpen(false)} />
      )}
    </Box>
  );
}

function CountsRow({ name, c }: { name: string; c: SyncCounts }) {
  return (
    <TableRow data-testid={`preview-${name.toLowerCase()}`}>
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell align="right">{c.created}</TableCell>
      <TableCell align="right">{c.updated}</TableCell>
      <TableCell align="right">{c.moved}</TableCell>
      <TableCell align="right">{c.deleted}</TableCell>
      <TableCell align="right">{c.unchanged}</TableCell>
    </TableRow>
  );
}

function CheckDialog({
  state,
  erpName,
  linked,
  onCancel,
  onStart,
}: {
  state: CheckState;
  erpName: string;
  linked: boolean;
  onCancel: () => void;
  onStart: () => void;
}) {
  const { check, error, createNew, starting } = state;
  const title = createNew ? SYNC_TO_NEW : linked ? `Sync with ${erpName}` : `Publish to ${erpName}`;
  const preview = check?.preview;
  const canStart = !!check?.ready && !starting;
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="sync-check-title">
      <DialogTitle id="sync-check-title">{title}</DialogTitle>
      <DialogContent dividers data-testid="sync-check">
        {!check && !error && <CircularProgress size={24} aria-label="Checking the sale" />}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {check?.blocked && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {check.blocked}
          </Alert>
        )}
        {check && check.problems.length > 0 && (
          <>
            <Typography>{`${erpName} would refuse this sale. Fix these first:`}</Typography>
            <List dense data-testid="sync-problems">
              {check.problems.map((p) => (
                <ListItem key={`${p.code}-${p.line?.id ?? p.section?.index ?? 'sale'}`} data-testid="sync-problem">
                  <ListItemText primary={p.message} secondary={problemPlace(p) || undefined} />
                </ListItem>
              ))}
            </List>
          </>
        )}
        {/* values the customer should not see by accident: listed, never blocking */}
        <SaleWarnings warnings={check?.warnings} />
        {check?.previewError && <Alert severity="info">{check.previewError}</Alert>}
        {preview && (
          <>
            <Typography sx={{ mb: 1 }} data-testid="sync-preview-action">
              {preview.action === 'create'
                ? `A new order will be created in ${erpName}.`
                : preview.action === 'link'
                  ? `The order ${preview.odooName ?? ''} already in ${erpName} will be linked and updated.`
                  : `The order ${preview.odooName ?? ''} in ${erpName} will be updated.`}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell />
                  <TableCell align="right">Added</TableCell>
                  <TableCell align="right">Changed</TableCell>
                  <TableCell align="right">Moved</TableCell>
                  <TableCell align="right">Removed</TableCell>
                  <TableCell align="right">Unchanged</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <CountsRow name="Lines" c={preview.lines} />
                <CountsRow name="Sections" c={preview.sections} />
              </TableBody>
            </Table>
            {preview.header.length > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {`Order fields that change: ${preview.header.map(erpFieldLabel).join(', ')}`}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onStart} disabled={!canStart} data-testid="sync-start">
          {starting ? <CircularProgress size={18} color="inherit" /> : title}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StatusDialog({
  status,
  sale,
  erpName,
  onClose,
}: {
  status: OdooSyncStatus | undefined;
  sale: Sale;
  erpName: string;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['State', status ? STATE_TEXT[status.state] : sale.odoo_synced ? 'Synced' : 'Not synced'],
    [
      'Last sync',
      (status?.sale.syncedOn ?? sale.odoo_synced_on)
        ? formatDateTime((status?.sale.syncedOn ?? sale.odoo_synced_on)!)
        : '—',
    ],
    [`${erpName} order`, status?.odooName ?? sale.odoo_name ?? '—'],
  ];
  if (status && isRunning(status)) rows.push(['Progress', `${status.progress}%`]);
  if (status?.message) rows.push(['Message', status.message]);
  // Sections are counted apart from the other lines, as the preview counts them.
  if (status?.lines) rows.push(['Lines', changeCounts(status.lines)]);
  const sections = status?.sections;
  if (sections && sections.created + sections.updated + sections.deleted > 0)
    rows.push(['Sections', changeCounts(sections)]);
  if (status?.startedBy?.name) rows.push(['Started by', status.startedBy.name]);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="sync-status-title">
      <DialogTitle id="sync-status-title">{`${erpName} Sync Status`}</DialogTitle>
      <DialogContent dividers data-testid="sync-status-dialog">
        <Table size="small">
          <TableBody>
            {rows.map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row">
                  {k}
                </TableCell>
                <TableCell>{v}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {status && isRunning(status) && <LinearProgress variant="determinate" value={status.progress} sx={{ mt: 1 }} />}
        {status?.totals && !status.totals.match && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="sync-totals-mismatch">
            {`Totals differ: ${status.totals.ours} here, ${status.totals.erp} in ${erpName}`}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
