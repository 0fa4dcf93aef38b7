// /sale (new sale, opens in edit mode) and /sale/{saleID} (docs/product/screens.md#sale-editor).
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Chip, ListItemText, Menu, MenuItem, Skeleton, Typography } from '@mui/material';
import { exportsApi } from '@quotewright/contracts';
import {
  canEdit,
  canEditSale,
  canSyncSale,
  type LineMoveType,
  pickerPageSize,
  saleExcelFileName,
  saleJsonFileName,
  sanitizeFileName,
} from '@quotewright/domain';
import { lazy, memo, Suspense, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser, usePreferences } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { useLoadingOverlay } from '../../app/providers/loading';
import { useSetSaleSummary } from '../../app/providers/saleSummary';
import { useSnackbar } from '../../app/providers/snackbar';
import { PageHeader } from '../../components/PageHeader';
import { BundleErrorMessage, bundleErrorLabel } from '../../components/products/BundleErrors';
import { LazyProductTable, ProductTablePlaceholder } from '../../components/products/LazyProductTable';
import { ProductListLayout } from '../../components/products/ProductListLayout';
import { readWindowed, writeWindowed } from '../../components/products/ProductListWindow';
import { type BundleLine, RelatedProductsDialog } from '../../components/products/RelatedProductsDialog';
import { download, errorMessage } from '../../lib/api';
import { getProduct, type Product, type ProductDetail } from '../../lib/products';
import { useErpName } from '../../lib/publicConfig';
import { usePageTitle } from '../../lib/usePageTitle';
import {
  useCopySections,
  useCreateLines,
  useCreateSection,
  useCreateTextLine,
  useDeleteLines,
  useDeleteSection,
  useDuplicateSection,
  useMoveLines,
  useReorderLines,
  useReorderSections,
  useSetMarkup,
  useUpdateLines,
  useUpdateSaleHeader,
  useUpdateSection,
} from './api/mutations';
import { checkProducts, createSale, odooUrl, useSale, useStoreSale } from './api/sale';
import type { LineChanges, Sale, SaleHeader, SaleSection } from './api/types';
import { SaleActivityButton } from './components/ActivityPanel';
import { type CopyRequest, CopySaleDataDialog } from './components/CopySaleDataDialog';
import { InfoPanel } from './components/InfoPanel';
import { DELETE_LINES_MESSAGE, LinesTable, type LinesTableHandlers } from './components/LinesTable';
import { SalePrintView } from './components/SalePrintView';
import { SaleSummary } from './components/SaleSummary';
import { SaleTemplatesButton } from './components/SaleTemplates';
import { SaleWarnings } from './components/SaleWarnings';
import { DELETE_SECTION_MESSAGE, type SectionHandlers, SectionsTable } from './components/SectionsTable';
import { MoveLinesDialog, SetMarkupDialog, TextLineDialog } from './components/SmallDialogs';
import { SyncButton } from './components/SyncButton';
import { usePrinting } from './hooks/usePrinting';
import { useProductListExpanded } from './hooks/useProductListExpanded';
import { useSaleRoom } from './hooks/useSaleRoom';

export const VALID_PRODUCTS_MESSAGE = 'All order lines appear to have valid products!';
export const INVALID_PRODUCTS_MESSAGE = 'The validity check returned errors.';
export const CHECK_FAILED_MESSAGE = 'Unable to check products';

function EditorSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading sale" data-testid="sale-skeleton">
      <Skeleton variant="text" width={320} height={48} />
      <Skeleton variant="rounded" height={140} sx={{ my: 2 }} />
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A line of the validity check's answer: a label, or a line object. */
function invalidLineText(l: unknown): string {
  if (typeof l === 'string') return l;
  if (l && typeof l === 'object') {
    const line = l as { name?: string; product?: { name?: string } };
    const text = [line.product?.name, line.name].filter(Boolean).join(' — ');
    if (text) return text;
  }
  return JSON.stringify(l);
}

export function SaleEditorPage() {
  const { saleId } = useParams();
  const { data: sale, isLoading, error } = useSale(saleId);
  if (saleId === undefined) return <NewSale />;
  if (isLoading) return <EditorSkeleton />;
  if (error || !sale) {
    return (
      <>
        <PageHeader title="Sale" />
        <Alert severity="error">{error ? errorMessage(error) : 'This sale could not be loaded.'}</Alert>
      </>
    );
  }
  return <SaleEditor key={sale._id} sale={sale} />;
}

function NewSale() {
  const navigate = useNavigate();
  const dialog = useDialog();
  const store = useStoreSale();
  const save = async (header: SaleHeader) => {
    try {
      const sale = await createSale(header);
      store(sale);
      navigate(`/sale/${sale._id}`, { replace: true, state: { savedAt: Date.now() } });
      return true;
    } catch (err) {
      await dialog.error(errorMessage(err));
      return false;
    }
  };
  return (
    <>
      <PageHeader title="New Sale" />
      <InfoPanel sale={undefined} canEditHeader onSave={save} onCancelNew={() => navigate('/')} />
      <Typography color="text.secondary">Save the quote to start adding sections.</Typography>
    </>
  );
}

// The product picker's code (with the data-table library) loads when it is first opened.
const ProductPickerDialog = lazy(() =>
  import('./components/ProductPickerDialog').then((m) => ({ default: m.ProductPickerDialog })),
);
const MemoLinesTable = memo(LinesTable);
const MemoSectionsTable = memo(SectionsTable);
const MemoInfoPanel = memo(InfoPanel);

/** A function that is the same object for the component's life and always calls the latest render's `fn`. */
function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

/**
 * False for the first painted frame of the component, then true (a frame and a task later) — set in a transition,
 * so the work it starts yields to the user's clicks and keys.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready;
}

/**
 * An object of handlers that stays the same while `current()` changes: each calls `current()`'s handler of its name at
 * the time of the call. `names` lists every handler (a Record: the compiler checks that none is missing).
 */
function delegateHandlers<T extends object>(current: () => T, names: Record<keyof T, true>): T {
  return Object.fromEntries(
    Object.keys(names).map((name) => [
      name,
      (...args: unknown[]) => (current()[name as keyof T] as (...a: unknown[]) => unknown)(...args),
    ]),
  ) as T;
}

const LINE_HANDLERS: Record<keyof LinesTableHandlers, true> = {
  back: true,
  commit: true,
  remove: true,
  addText: true,
  insertProduct: true,
  dropProduct: true,
  setMarkup: true,
  moveCopy: true,
  reorder: true,
};

const SECTION_HANDLERS: Record<keyof SectionHandlers, true> = {
  open: true,
  create: true,
  rename: true,
  toggleDetails: true,
  remove: true,
  duplicate: true,
  copy: true,
  reorder: true,
};

/**
 * Fields of a sale that are not its header: its content (sections, lines, their totals), the version, and who changed
 * it last and when (the panel's LastModified reads those from the cache itself).
 */
const CONTENT_FIELDS = new Set(['sections', 'pricing', 'total_price', 'version', 'updated_by', 'updated_on']);

/**
 * The sale as the header panel and sync button see it: the same object as long as none of its header fields changed
 * (an edit of a line changes only the fields above).
 */
function useSaleHead(sale: Sale): Sale {
  const ref = useRef(sale);
  const prev = ref.current;
  if (prev !== sale) {
    const keys = new Set([...Object.keys(prev), ...Object.keys(sale)]);
    for (const k of keys) {
      if (CONTENT_FIELDS.has(k)) continue;
      if (!Object.is(prev[k as keyof Sale], sale[k as keyof Sale])) {
        ref.current = sale;
        break;
      }
    }
  }
  return ref.current;
}

/** The product picker, open on a section: inserts go at `sequence` (or at the end), one after the other. */
interface PickerState {
  sectionId: string;
  sequence: number;
  /** Lines added since it opened. */
  added: number;
}

type DialogState =
  | {
      kind: 'related';
      sectionId: string;
      sequence: number;
      product: ProductDetail;
      /** Told how many lines were added (the picker counts them). */
      onAdded?: (count: number) => void;
    }
  | { kind: 'copy'; sectionIds: string[] }
  | { kind: 'markup'; sectionId: string; ids: string[] }
  | { kind: 'move'; sectionId: string; ids: string[] }
  | { kind: 'text'; sectionId: string; textKind: 'note' | 'header'; sequence: number }
  | null;

function SaleEditor({ sale }: { sale: Sale }) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const loading = useLoadingOverlay();
  const erpName = useErpName();
  const { data: user } = useCurrentUser();
  const { preferences } = usePreferences();
  const setSummary = useSetSaleSummary();
  const [params, setParams] = useSearchParams();
  const printing = usePrinting();
  // the first save of a new sale lands here: the panel collapses like after any save
  const location = useLocation();
  const [justCreated] = useState(() => typeof (location.state as { savedAt?: unknown } | null)?.savedAt === 'number');
  const [dialogState, setDialogState] = useState<DialogState>(null);
  const [picker, setPicker] = useState<PickerState | null>(null);
  const pickerRef = useRef(picker);
  pickerRef.current = picker;
  const [windowed, setWindowedState] = useState(readWindowed);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [productListExpanded, setProductListExpanded] = useProductListExpanded();
  usePageTitle(sale.name ? `${sale.name} (${sale.quote_number})` : sale.quote_number);

  const editable = canEditSale(user, sale.state);
  const canSync = canSyncSale(user, sale.state);
  // One mutation per action (api/mutations.ts): each reports its own failure (docs/product/screens.md#messages) and
  // ends the loading state.
  const updateHeader = useUpdateSaleHeader(sale._id);
  const createSection = useCreateSection(sale._id);
  const duplicateSection = useDuplicateSection(sale._id);
  const updateSection = useUpdateSection(sale._id);
  const deleteSection = useDeleteSection(sale._id);
  const reorderSections = useReorderSections(sale._id);
  const copySections = useCopySections(sale._id);
  const updateLines = useUpdateLines(sale._id);
  const deleteLines = useDeleteLines(sale._id);
  const setMarkup = useSetMarkup(sale._id);
  const reorderLines = useReorderLines(sale._id);
  const createLines = useCreateLines(sale._id);
  const createTextLine = useCreateTextLine(sale._id);
  const moveLines = useMoveLines(sale._id);
  const sectionId = params.get('section');
  const section = sale.sections.find((s) => s._id === sectionId) ?? null;
  const sectionRef = useRef(section);
  sectionRef.current = section;
  const { syncOdoo } = useSaleRoom(sale._id, sectionId);

  useEffect(() => {
    setSummary(<SaleSummary saleId={sale._id} />);
    return () => setSummary(null);
  }, [sale._id, setSummary]);

  const setWindowed = (value: boolean) => {
    writeWindowed(value);
    setWindowedState(value);
  };
  const openSection = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('section', id);
        else next.delete('section');
        return next;
      },
      // At once, not as a transition: the product list mounting in one beside it must not hold the lines back.
      { replace: false, flushSync: true },
    );

  // The answer of an awaited mutation, or undefined when it failed (the mutation has reported it already).
  const settled = <T,>(answer: Promise<T>): Promise<T | undefined> => answer.catch(() => undefined);
  // Anything else that fails here is a line action's: an error snackbar (docs/product/screens.md#messages).
  const lineTask = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await loading.track(work());
    } catch (err) {
      snackbar.show(errorMessage(err), 'error');
      return undefined;
    }
  };

  const saveHeader = useCallback(
    async (header: SaleHeader) => (await updateHeader.mutateAsync(header).catch(() => undefined)) !== undefined,
    [updateHeader],
  );

  const openInErp = async () => {
    const win = window.open('', '_blank');
    try {
      const { url } = await odooUrl(sale._id);
      if (win) win.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch (err) {
      win?.close();
      snackbar.show(errorMessage(err), 'error');
    }
  };

  const sectionHandlers: SectionHandlers = {
    open: (s) => openSection(s._id),
    create: async (name) => (await settled(createSection.mutateAsync({ name, show_details: true }))) !== undefined,
    // optimistic: the new name shows at once (a refusal restores the old one in an 'Error' dialog)
    rename: async (s, name) => {
      updateSection.mutate({ sectionId: s._id, name });
      return true;
    },
    toggleDetails: (s, value) => updateSection.mutate({ sectionId: s._id, show_details: value }),
    remove: async (s) => {
      const ok = await dialog.confirm({
        title: 'Delete Section',
        message: `${DELETE_SECTION_MESSAGE}\n\n${s.name}`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (ok) await settled(deleteSection.mutateAsync({ sectionId: s._id }));
    },
    duplicate: (s) => duplicateSection.mutate({ sectionId: s._id }),
    copy: (s) => setDialogState({ kind: 'copy', sectionIds: [s._id] }),
    reorder: (from, to) => reorderSections.mutate({ from, to }),
  };

  /** Answers how many lines were added. */
  const addLines = async (
    target: string,
    lines: BundleLine[],
    sequence: number,
    bundle: ProductDetail | null,
  ): Promise<number> => {
    const res = await settled(createLines.mutateAsync({ sectionId: target, lines, sequence }));
    if (!res) return 0;
    if (res.errors.length === 0) return res.lines.length;
    const items = res.errors.map((e) => bundleErrorLabel(e.product, bundle));
    if (bundle) {
      await dialog.open({ title: 'Error', message: <BundleErrorMessage items={items} /> });
    } else {
      snackbar.show(`Not added (no longer active): ${items.join(', ')}`, 'error');
    }
    return res.lines.length;
  };

  /** Adds a product, through the Related Products dialog for a bundle; `onAdded` is told how many lines were added. */
  const addProduct = async (productId: number, target: string, sequence: number, onAdded?: (count: number) => void) => {
    const product = await lineTask(() => getProduct(productId));
    if (!product) return;
    if (product.is_bundle || product.related_products.length > 0) {
      setDialogState({ kind: 'related', sectionId: target, sequence, product, ...(onAdded ? { onAdded } : {}) });
      return;
    }
    const count = await addLines(target, [{ product: productId, quantity: '1' }], sequence, null);
    if (count > 0) onAdded?.(count);
  };

  /** An insert from the picker: after the lines it added already (at the end when it was opened on the end). */
  const insertFromPicker = (product: Product) => {
    const open = pickerRef.current;
    if (!open) return;
    const sequence = open.sequence < 0 ? open.sequence : open.sequence + open.added;
    void addProduct(product.id, open.sectionId, sequence, (count) =>
      setPicker((p) => (p && p.sectionId === open.sectionId ? { ...p, added: p.added + count } : p)),
    );
  };

  const insertFromListNow = (product: Product) => {
    const current = sectionRef.current;
    if (!current) {
      snackbar.show('Open a section to add products to it.', 'info');
      return;
    }
    if (!editable) return;
    void addProduct(product.id, current._id, -1);
  };
  const insertFromList = useLatest(insertFromListNow);

  const lineHandlersNow = (s: SaleSection): LinesTableHandlers => ({
    back: () => openSection(null),
    // a refusal shows in the edited cell, beside the typed text
    commit: (changes: LineChanges[], refused) => updateLines.mutate({ sectionId: s._id, changes, refused }),
    remove: async (ids) => {
      if (ids.length === 0) return;
      const ok = await dialog.confirm({
        title: 'Delete Lines',
        message: `${DELETE_LINES_MESSAGE}\n\n${ids.length} line${ids.length === 1 ? '' : 's'}`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (ok) deleteLines.mutate({ sectionId: s._id, ids });
    },
    addText: (textKind, sequence) => setDialogState({ kind: 'text', sectionId: s._id, textKind, sequence }),
    insertProduct: (sequence) => setPicker({ sectionId: s._id, sequence, added: 0 }),
    dropProduct: (productId) => void addProduct(productId, s._id, -1),
    setMarkup: (ids) => ids.length > 0 && setDialogState({ kind: 'markup', sectionId: s._id, ids }),
    moveCopy: (ids) => ids.length > 0 && setDialogState({ kind: 'move', sectionId: s._id, ids }),
    reorder: (from, to) => reorderLines.mutate({ sectionId: s._id, from, to }),
  });

  // The open section's handlers: one object while the section stays open (each calls this render's handler), so
  // that an edit elsewhere in the sale does not render the lines table again.
  const lineHandlersRef = useRef(lineHandlersNow);
  lineHandlersRef.current = lineHandlersNow;
  const lineHandlers = useMemo(
    () =>
      sectionId === null
        ? null
        : delegateHandlers(
            () => lineHandlersRef.current(sectionRef.current ?? ({ _id: sectionId } as SaleSection)),
            LINE_HANDLERS,
          ),
    [sectionId],
  );
  // The sections' handlers, one object for the editor's life: the sections table renders again only when the
  // sections change (not when the editor does, e.g. as its other queries arrive).
  const sectionHandlersRef = useRef(sectionHandlers);
  sectionHandlersRef.current = sectionHandlers;
  const stableSectionHandlers = useMemo(() => delegateHandlers(() => sectionHandlersRef.current, SECTION_HANDLERS), []);

  const runCopy = async (req: CopyRequest) => {
    setDialogState(null);
    const result = await settled(
      copySections.mutateAsync({
        destination: req.destination,
        sections: req.sections,
        copyStyle: req.copyStyle,
        mergeProducts: req.mergeProducts,
      }),
    );
    if (!result) return;
    if (result.saleId === sale._id) {
      await dialog.open({ title: 'Copy Completed', message: 'The sections were copied into this sale.' });
      return;
    }
    const choice = await dialog.open({
      title: 'Copy Completed',
      message: 'Would you like to navigate to the destination sale now?',
      actions: [
        { label: 'Stay Here', value: 'stay' },
        { label: 'Go to Sale', value: 'go', variant: 'contained', autoFocus: true },
      ],
    });
    if (choice === 'go') navigate(`/sale/${result.saleId}`);
  };

  const runCheck = async () => {
    try {
      const res = await loading.track(checkProducts(sale._id));
      const warnings = res.warnings ?? [];
      if (res.valid && warnings.length === 0) {
        await dialog.open({ title: 'Results', message: VALID_PRODUCTS_MESSAGE });
        return;
      }
      await dialog.open({
        title: 'Results',
        message: (
          <Box data-testid="check-results">
            {res.valid ? (
              <Alert severity="success" sx={{ mb: 1 }}>
                {VALID_PRODUCTS_MESSAGE}
              </Alert>
            ) : (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {INVALID_PRODUCTS_MESSAGE}
              </Alert>
            )}
            {res.sections.map((sec) => (
              <Box key={sec.name} sx={{ mb: 1 }}>
                <Typography fontWeight={600}>{sec.name}</Typography>
                <Box component="ul" sx={{ my: 0.5 }}>
                  {sec.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a static list of labels
                    <li key={i}>{invalidLineText(l)}</li>
                  ))}
                </Box>
              </Box>
            ))}
            {/* values to look at again: they never make the check fail */}
            <SaleWarnings warnings={warnings} />
          </Box>
        ),
      });
    } catch {
      await dialog.error(CHECK_FAILED_MESSAGE);
    }
  };

  const runExport = async (kind: 'excel' | 'json' | 'pdf') => {
    setExportAnchor(null);
    const fallback =
      kind === 'excel'
        ? saleExcelFileName(sale.name, sale.quote_number)
        : kind === 'json'
          ? saleJsonFileName(sale.name, sale.quote_number)
          : `${sanitizeFileName(`${sale.name}_${sale.quote_number}`, 'sale')}.pdf`;
    try {
      await loading.track(download(exportsApi[kind], { params: { id: sale._id } }, fallback));
    } catch (err) {
      await dialog.error(errorMessage(err));
    }
  };

  // The header panel and the sync button show the sale's own fields: they render again when one of those changes,
  // not for an edit of a line.
  const head = useSaleHead(sale);
  const onOpenInErp = useLatest(() => void openInErp());
  const syncControl = useMemo(
    () => <SyncButton sale={head} canSync={canSync} erpName={erpName} syncOdoo={syncOdoo} onOpenInErp={onOpenInErp} />,
    [head, canSync, erpName, syncOdoo, onOpenInErp],
  );

  const wide = preferences.wideScreen;
  const pageSize = pickerPageSize(wide || windowed);
  // The product list beside the lines (a large table): built once for its settings, never by an edit of the sale.
  // It mounts once the sale's own content is on screen (a placeholder holds its place for that first frame).
  const listReady = useAfterFirstPaint();
  const productList = useMemo(
    () =>
      !editable ? null : listReady ? (
        <LazyProductTable
          pageSize={pageSize}
          onInsert={insertFromList}
          title="Product List"
          dense={wide && !windowed}
        />
      ) : (
        <ProductTablePlaceholder pageSize={pageSize} dense={wide && !windowed} />
      ),
    [editable, pageSize, insertFromList, listReady, wide, windowed],
  );

  const headerActions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button startIcon={<FactCheckIcon />} variant="outlined" onClick={runCheck}>
        Check Products
      </Button>
      <Button
        startIcon={<FileDownloadIcon />}
        variant="outlined"
        onClick={(e) => setExportAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        Export
      </Button>
      <Menu anchorEl={exportAnchor} open={exportAnchor !== null} onClose={() => setExportAnchor(null)}>
        <MenuItem onClick={() => runExport('excel')}>
          <ListItemText>Excel</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => runExport('json')}>
          <ListItemText>JSON</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => runExport('pdf')}>
          <ListItemText>PDF</ListItemText>
          <Chip size="small" label="beta" color="warning" sx={{ ml: 1 }} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setExportAnchor(null);
            navigate(`/sale/documents/${encodeURIComponent(sale._id)}`);
          }}
        >
          <ListItemText secondary="First page of the PDF">Cover letter…</ListItemText>
        </MenuItem>
      </Menu>
      <SaleActivityButton saleId={sale._id} version={sale.version} />
      {editable && <SaleTemplatesButton saleId={sale._id} applied={sale.template_ids} />}
      {editable && (
        <Button
          startIcon={windowed ? <CloseFullscreenIcon /> : <OpenInNewIcon />}
          variant="outlined"
          onClick={() => setWindowed(!windowed)}
        >
          {windowed ? 'Dock product list' : 'Product list in a window'}
        </Button>
      )}
    </Box>
  );

  const content =
    section && lineHandlers ? (
      <MemoLinesTable section={section} editable={editable} handlers={lineHandlers} />
    ) : (
      <MemoSectionsTable
        sections={sale.sections}
        editable={editable}
        canCopy={canEdit(user, 'sales')}
        handlers={stableSectionHandlers}
        title={`${sale.name || sale.quote_number} Sections`}
      />
    );

  return (
    <>
      <PageHeader title={sale.name || 'Untitled quote'} subtitle={sale.quote_number} actions={headerActions} />
      {printing && <SalePrintView sale={sale} />}
      {/* the interactive editor never prints: SalePrintView prints the sale instead */}
      <Box data-print="hide">
        <MemoInfoPanel
          sale={head}
          canEditHeader={editable}
          syncControl={syncControl}
          onSave={saveHeader}
          collapseSoon={justCreated}
        />
        <ProductListLayout
          productList={productList}
          wide={wide}
          windowed={windowed}
          onWindowClosed={() => setWindowed(false)}
          expanded={productListExpanded}
          onExpandedChange={setProductListExpanded}
        >
          {content}
        </ProductListLayout>
      </Box>

      {picker && (
        <Suspense fallback={null}>
          <ProductPickerDialog
            open
            pageSize={pageSize}
            added={picker.added}
            onClose={() => setPicker(null)}
            onInsert={insertFromPicker}
          />
        </Suspense>
      )}
      {dialogState?.kind === 'related' && (
        <RelatedProductsDialog
          product={dialogState.product}
          onCancel={() => setDialogState(null)}
          onAdd={(lines) => {
            const { sectionId: target, sequence, product, onAdded } = dialogState;
            setDialogState(null);
            void addLines(target, lines, sequence, product).then((count) => {
              if (count > 0) onAdded?.(count);
            });
          }}
        />
      )}
      {dialogState?.kind === 'copy' && (
        <CopySaleDataDialog
          sale={sale}
          initialSectionIds={dialogState.sectionIds}
          onCancel={() => setDialogState(null)}
          onCopy={runCopy}
        />
      )}
      {dialogState?.kind === 'markup' && (
        <SetMarkupDialog
          count={dialogState.ids.length}
          onCancel={() => setDialogState(null)}
          onApply={(markup) => {
            const { sectionId: target, ids } = dialogState;
            setDialogState(null);
            setMarkup.mutate({ sectionId: target, ids, markup });
          }}
        />
      )}
      {dialogState?.kind === 'move' && (
        <MoveLinesDialog
          sections={sale.sections}
          currentSectionId={dialogState.sectionId}
          count={dialogState.ids.length}
          onCancel={() => setDialogState(null)}
          onApply={(to: string, type: LineMoveType) => {
            const { sectionId: from, ids } = dialogState;
            setDialogState(null);
            moveLines.mutate({ from, to, type, ids });
          }}
        />
      )}
      {dialogState?.kind === 'text' && (
        <TextLineDialog
          kind={dialogState.textKind}
          onCancel={() => setDialogState(null)}
          onApply={(text) => {
            const { sectionId: target, textKind, sequence } = dialogState;
            setDialogState(null);
            createTextLine.mutate({ sectionId: target, kind: textKind, name: text, sequence });
          }}
        />
      )}
    </>
  );
}
