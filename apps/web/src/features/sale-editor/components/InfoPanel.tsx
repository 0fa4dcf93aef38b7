// The collapsible info panel (docs/product/screens.md#info-panel): name, quote number, status, last change, the
// ERP sync button (SyncButton) and the header form. The pencil toggles edit mode; while editing it saves.
//
// A save sends the fields changed, each based on the value the panel showed when editing started (decision 0020):
// when someone else changed one of them meanwhile, the server refuses it and the panel asks, as a line's cell does
// (ConflictPrompt): "Someone changed Customer to Acme while you were editing", Keep Acme (theirs replaces the typed
// value) / Use Globex (sent again as an explicit overwrite). Nothing typed is lost: the form stays open.
import CheckIcon from '@mui/icons-material/Check';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { HeaderEditConflict } from '@quotewright/contracts';
import {
  hasNameOrCustomer,
  INFO_PANEL_COLLAPSE_MS,
  QUOTE_VALIDITY_DEFAULT_DAYS,
  QUOTE_VALIDITY_MAX_DAYS,
  quoteExpiryDate,
  saleStateLabel,
  todayIn,
} from '@quotewright/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type RefOption, RefSelect } from '../../../components/RefSelect';
import { useDocumentSettings } from '../../../lib/documentSettings';
import { formatDate, formatDateTime, localZoneName } from '../../../lib/format';
import { stateChipColor } from '../../../lib/saleState';
import { usePartners, useSaleSelect } from '../api/sale';
import type { Customer, Sale, SaleHeader } from '../api/types';
import { headerConflictsOf } from '../hooks/editConflicts';
import { HeaderConflicts, headerOf, useLiveHeaderConflicts } from './HeaderConflicts';

/**
 * How a saved sale's header edit is sent: `base` the header shown when editing started; `overwrite` when the person
 * chose to replace someone else's values; `refused` takes an edit conflict (true: it is asked about here).
 */
export interface HeaderSave {
  base: SaleHeader;
  overwrite?: boolean;
  refused(message: string, err: unknown): boolean;
}

/** The validity field's text → days: '' is the setting's (null); anything else must be a whole number ≥ 0. */
function parseDays(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  return /^\d{1,4}$/.test(t) ? Number(t) : undefined;
}

/**
 * "Quote validity (days)" of the sale (decision 0031): empty uses the Settings' value, shown as the placeholder; the
 * helper text says when the quote expires (today + the days while it is a quote, else its date in the ERP).
 */
function ValidityField({
  value,
  editing,
  onChange,
  erpValidityDate,
  onEnter,
}: {
  value: number | null;
  editing: boolean;
  onChange: (days: number | null) => void;
  erpValidityDate: string | null;
  onEnter: () => void;
}) {
  const settings = useDocumentSettings();
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const fallback = settings.data?.quote_validity_days ?? QUOTE_VALIDITY_DEFAULT_DAYS;
  const days = parseDays(text);
  const invalid = days === undefined || (days !== null && days > QUOTE_VALIDITY_MAX_DAYS);
  const expires = invalid ? '' : quoteExpiryDate(todayIn(localZoneName()), days ?? fallback);
  const helper = invalid
    ? `Enter whole days, 0 to ${QUOTE_VALIDITY_MAX_DAYS}`
    : erpValidityDate && !editing
      ? `Expires ${formatDate(erpValidityDate)} (in the ERP)`
      : `Expires ${formatDate(expires)}${days === null ? ` (Settings: ${fallback} days)` : ''}`;
  return (
    <TextField
      label="Quote validity (days)"
      size="small"
      fullWidth
      value={text}
      placeholder={String(fallback)}
      disabled={!editing}
      error={invalid}
      helperText={helper}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': 'validity-days' },
        // The expiry is read also while the field cannot be changed: not greyed out (contrast, WCAG 1.4.3).
        formHelperText: { sx: READABLE_WHEN_DISABLED },
      }}
      onChange={(e) => {
        setText(e.target.value);
        const d = parseDays(e.target.value);
        if (d !== undefined && (d === null || d <= QUOTE_VALIDITY_MAX_DAYS)) onChange(d);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && editing && !invalid) onEnter();
      }}
    />
  );
}

const READABLE_WHEN_DISABLED = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

const ref = (r: RefOption | null) => (r ? { id: r.id, name: r.name } : null);

export const NAME_QUOTE_TITLE = 'Name this quote';
export const NAME_QUOTE_MESSAGE =
  'A quote needs a name or a customer, so that it can be told apart in the sales list. Enter a name, or go back and choose a customer.';

/** Asked before saving a quote that would have neither a name nor a customer (the server refuses one). */
function NameQuoteDialog({ onName, onBack }: { onName: (name: string) => void; onBack: () => void }) {
  const [name, setName] = useState('');
  const ok = name.trim() !== '';
  return (
    <Dialog open onClose={onBack} maxWidth="xs" fullWidth aria-labelledby="name-quote-title">
      <DialogTitle id="name-quote-title">{NAME_QUOTE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{NAME_QUOTE_MESSAGE}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Quote name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && ok) {
              e.preventDefault();
              onName(name.trim());
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" disabled={!ok} onClick={() => onName(name.trim())}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const lastModifiedOf = (sale: Sale) => ({ by: sale.updated_by.name, on: sale.updated_on });

/**
 * Who changed the sale last, and when: read from the cached sale, so that an edit renders this line and not the
 * panel (the panel is given a sale that changes only with the sale's own fields).
 */
function LastModified({ sale }: { sale: Sale }) {
  const cached = useSaleSelect(sale._id, lastModifiedOf);
  const { by, on } = cached ?? lastModifiedOf(sale);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ ml: { md: 'auto' } }}>
      Last modified by {by ?? 'unknown'} on {formatDateTime(on)}
    </Typography>
  );
}

export function InfoPanel({
  sale,
  canEditHeader,
  syncControl,
  onSave,
  onCancelNew,
  collapseSoon = false,
}: {
  /** undefined for a new sale (opens in edit mode). */
  sale: Sale | undefined;
  canEditHeader: boolean;
  /** The ERP sync button (SyncButton) of a saved sale. */
  syncControl?: ReactNode;
  /** Resolves true when saved; `save` for a saved sale (its base, and who asks about a conflict). */
  onSave: (header: SaleHeader, save?: HeaderSave) => Promise<boolean>;
  /** A new sale's Cancel (there is nothing to go back to in the panel: the page leaves). */
  onCancelNew?: () => void;
  /** Collapse INFO_PANEL_COLLAPSE_MS after mounting (a new sale's first save moved the page here). */
  collapseSoon?: boolean;
}) {
  const isNew = sale === undefined;
  const [expanded, setExpanded] = useState(true);
  const [editing, setEditing] = useState(isNew);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<SaleHeader>(() => headerOf(sale));
  /** The header the edit is based on: shown when editing started (or the values the person chose to replace). */
  const [base, setBase] = useState<SaleHeader>(() => headerOf(sale));
  const [conflicts, setConflicts] = useState<HeaderEditConflict[]>([]);
  // Someone else's change while the person edits: asked about at once, or followed where nothing was typed.
  useLiveHeaderConflicts(
    editing && !isNew && !saving,
    sale,
    { draft, base, conflicts },
    { draft: setDraft, base: setBase, conflicts: setConflicts },
  );
  const [askName, setAskName] = useState(false);
  const collapseTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const partners = usePartners();
  useEffect(() => {
    if (collapseSoon) collapseTimer.current = setTimeout(() => setExpanded(false), INFO_PANEL_COLLAPSE_MS);
    return () => {
      if (collapseTimer.current) clearTimeout(collapseTimer.current);
    };
    // only on mount: later saves start their own timer
  }, []);

  const customers = partners.customers.data ?? [];
  const chosenCustomer: Customer | undefined = draft.customer
    ? customers.find((c) => c.id === draft.customer?.id)
    : undefined;

  const startEdit = () => {
    if (collapseTimer.current) clearTimeout(collapseTimer.current);
    setDraft(headerOf(sale));
    setBase(headerOf(sale));
    setConflicts([]);
    setExpanded(true);
    setEditing(true);
  };

  // A refused save keeps the form open with the typed values: the fields someone else changed are asked about.
  const refused = (_message: string, err: unknown) => {
    const found = headerConflictsOf(err);
    setConflicts(found);
    return found.length > 0;
  };
  // Keep theirs: it replaces the typed value. Use mine: sent again based on theirs (once every field is answered).
  const choose = (c: HeaderEditConflict, mine: boolean) => {
    const theirs = { [c.field]: c.current } as Partial<SaleHeader>;
    const next = { header: mine ? draft : { ...draft, ...theirs }, base: { ...base, ...theirs } };
    const rest = conflicts.filter((x) => x !== c);
    setDraft(next.header);
    setBase(next.base);
    setConflicts(rest);
    if (mine && rest.length === 0) void save(next.header, next.base, true);
  };

  const save = async (header: SaleHeader = draft, based = base, overwrite = false) => {
    // A new quote, or one that had a name or a customer, needs one of them: ask for a name first.
    if (!hasNameOrCustomer(header) && (isNew || hasNameOrCustomer(headerOf(sale)))) {
      setAskName(true);
      return;
    }
    setSaving(true);
    try {
      const named = { ...header, name: header.name.trim() };
      const ok = await onSave(named, isNew ? undefined : { base: based, overwrite, refused });
      if (ok) {
        setEditing(false);
        if (collapseTimer.current) clearTimeout(collapseTimer.current);
        collapseTimer.current = setTimeout(() => setExpanded(false), INFO_PANEL_COLLAPSE_MS);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Accordion
      expanded={expanded}
      onChange={(_e, open) => setExpanded(open)}
      disableGutters
      variant="outlined"
      sx={{ mb: 2 }}
      data-testid="info-panel"
      data-expanded={expanded}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="sale-info-content" id="sale-info-header">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', width: '100%', pr: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }} data-testid="sale-name">
            {isNew ? 'New Quote' : sale.name || 'Untitled quote'}
          </Typography>
          {sale && (
            <Typography color="text.secondary" data-testid="quote-number">
              {sale.quote_number}
            </Typography>
          )}
          {sale && (
            <Chip
              size="small"
              label={saleStateLabel(sale.state)}
              color={stateChipColor(sale.state)}
              data-testid="state-chip"
            />
          )}
          {sale && <LastModified sale={sale} />}
        </Box>
      </AccordionSummary>
      <AccordionDetails id="sale-info-content">
        <Stack spacing={2}>
          {sale && syncControl}
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Grid container spacing={2} sx={{ flexGrow: 1 }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  label="Name"
                  size="small"
                  fullWidth
                  value={editing ? draft.name : (sale?.name ?? '')}
                  onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
                  disabled={!editing}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && editing) void save();
                  }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <RefSelect
                  label="Customer"
                  options={customers}
                  loading={partners.customers.isLoading}
                  value={editing ? draft.customer : (sale?.customer ?? null)}
                  disabled={!editing}
                  onChange={(c) =>
                    setDraft((d) => ({
                      ...d,
                      customer: ref(c),
                      customer_invoice: ref(c?.invoice[0] ?? null),
                      customer_shipping: ref(c?.delivery[0] ?? null),
                    }))
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <RefSelect
                  label="Invoice Address"
                  options={chosenCustomer?.invoice ?? []}
                  value={editing ? draft.customer_invoice : (sale?.customer_invoice ?? null)}
                  disabled={!editing}
                  onChange={(v) => setDraft((d) => ({ ...d, customer_invoice: ref(v) }))}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <RefSelect
                  label="Shipping Address"
                  options={chosenCustomer?.delivery ?? []}
                  value={editing ? draft.customer_shipping : (sale?.customer_shipping ?? null)}
                  disabled={!editing}
                  onChange={(v) => setDraft((d) => ({ ...d, customer_shipping: ref(v) }))}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <RefSelect
                  label="Quotation Template"
                  options={partners.templates.data ?? []}
                  loading={partners.templates.isLoading}
                  value={editing ? draft.template : (sale?.template ?? null)}
                  disabled={!editing}
                  onChange={(v) => setDraft((d) => ({ ...d, template: ref(v) }))}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <RefSelect
                  label="Salesperson"
                  options={partners.salespersons.data ?? []}
                  loading={partners.salespersons.isLoading}
                  value={editing ? draft.salesperson : (sale?.salesperson ?? null)}
                  disabled={!editing}
                  onChange={(v) => setDraft((d) => ({ ...d, salesperson: ref(v) }))}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <ValidityField
                  value={editing ? draft.validity_days : (sale?.validity_days ?? null)}
                  editing={editing}
                  erpValidityDate={sale?.erp_validity_date ?? null}
                  onChange={(days) => setDraft((d) => ({ ...d, validity_days: days }))}
                  onEnter={() => void save()}
                />
              </Grid>
            </Grid>
            {canEditHeader && (
              <Stack spacing={1} alignItems="center">
                <Tooltip title={editing ? 'Save' : 'Edit'}>
                  <span>
                    <IconButton
                      aria-label={editing ? 'Save' : 'Edit'}
                      color="primary"
                      onClick={editing ? () => void save() : startEdit}
                      disabled={saving}
                    >
                      {saving ? <CircularProgress size={20} /> : editing ? <CheckIcon /> : <EditIcon />}
                    </IconButton>
                  </span>
                </Tooltip>
                {editing && (!isNew || onCancelNew) && (
                  <Button size="small" onClick={isNew ? onCancelNew : () => setEditing(false)} disabled={saving}>
                    Cancel
                  </Button>
                )}
              </Stack>
            )}
          </Box>
          {editing && conflicts.length > 0 && <HeaderConflicts conflicts={conflicts} draft={draft} onChoose={choose} />}
        </Stack>
      </AccordionDetails>
      {askName && (
        <NameQuoteDialog
          onBack={() => setAskName(false)}
          onName={(name) => {
            setAskName(false);
            const named = { ...draft, name };
            setDraft(named);
            void save(named);
          }}
        />
      )}
    </Accordion>
  );
}
