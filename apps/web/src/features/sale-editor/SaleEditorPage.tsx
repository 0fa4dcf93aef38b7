// /sale (new sale, opens in edit mode) and /sale/{saleID} (docs/product/screens.md#sale-editor).
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { canEdit, canEditSale, canSyncSale, pickerPageSize } from '@quotewright/domain';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser, usePreferences } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { useSetSaleSummary } from '../../app/providers/saleSummary';
import { KeyboardHelpButton, SALE_SHORTCUTS } from '../../components/KeyboardHelp';
import { PageHeader } from '../../components/PageHeader';
import { LazyProductTable, ProductTablePlaceholder } from '../../components/products/LazyProductTable';
import { ProductListLayout } from '../../components/products/ProductListLayout';
import { ProductListWindowButton, useProductListWindowed } from '../../components/products/ProductListWindowButton';
import { errorMessage } from '../../lib/api';
import { useErpName } from '../../lib/publicConfig';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUpdateSaleHeader } from './api/mutations';
import { createSale, useSale, useStoreSale } from './api/sale';
import type { Sale, SaleHeader } from './api/types';
import { ApprovalBanner } from './approvals/ApprovalBanner';
import { SaleActivityButton } from './components/ActivityPanel';
import { CheckProductsButton } from './components/CheckProductsButton';
import { type DialogState, EditorDialogs } from './components/EditorDialogs';
import { ExportMenuButton } from './components/ExportMenuButton';
import { type HeaderSave, InfoPanel } from './components/InfoPanel';
import { LinesTable } from './components/LinesTable';
import { SalePrintView } from './components/SalePrintView';
import { SaleSummary } from './components/SaleSummary';
import { SaleTemplatesButton } from './components/SaleTemplates';
import { SectionsTable } from './components/SectionsTable';
import { SyncButton } from './components/SyncButton';
import { UndoButtons } from './components/UndoButtons';
import { headerEditOf } from './hooks/editConflicts';
import { useAfterFirstPaint } from './hooks/useAfterFirstPaint';
import { useLineHandlers } from './hooks/useLineHandlers';
import { useOpenInErp } from './hooks/useOpenInErp';
import { usePrinting } from './hooks/usePrinting';
import { useProductAdding } from './hooks/useProductAdding';
import { useProductListExpanded } from './hooks/useProductListExpanded';
import { useSaleHead } from './hooks/useSaleHead';
import { useSaleRoom } from './hooks/useSaleRoom';
import { useSectionHandlers } from './hooks/useSectionHandlers';
import { SaleRevisionsButton } from './revisions/RevisionsButton';

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
      await dialog.error(err);
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

const MemoLinesTable = memo(LinesTable);
const MemoSectionsTable = memo(SectionsTable);
const MemoInfoPanel = memo(InfoPanel);

/** The header's actions: Check Products, Export, Activity and, for an editable sale, Templates and the list window. */
function SaleHeaderActions({
  sale,
  editable,
  windowed,
  onWindowedChange,
}: {
  sale: Sale;
  editable: boolean;
  windowed: boolean;
  onWindowedChange: (windowed: boolean) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <CheckProductsButton saleId={sale._id} />
      <ExportMenuButton sale={sale} editable={editable} />
      <SaleActivityButton saleId={sale._id} version={sale.version} />
      <SaleRevisionsButton sale={sale} />
      {editable && <UndoButtons saleId={sale._id} />}
      <KeyboardHelpButton groups={SALE_SHORTCUTS} />
      {editable && <SaleTemplatesButton saleId={sale._id} applied={sale.template_ids} />}
      {editable && <ProductListWindowButton windowed={windowed} onChange={onWindowedChange} />}
    </Box>
  );
}

function SaleEditor({ sale }: { sale: Sale }) {
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
  const [windowed, setWindowed] = useProductListWindowed();
  const [productListExpanded, setProductListExpanded] = useProductListExpanded();
  usePageTitle(sale.name ? `${sale.name} (${sale.quote_number})` : sale.quote_number);

  const editable = canEditSale(user, sale.state);
  const canSync = canSyncSale(user, sale.state);
  const updateHeader = useUpdateSaleHeader(sale._id);
  const sectionId = params.get('section');
  const section = sale.sections.find((s) => s._id === sectionId) ?? null;
  const { syncOdoo } = useSaleRoom(sale._id, sectionId);

  useEffect(() => {
    setSummary(<SaleSummary saleId={sale._id} />);
    return () => setSummary(null);
  }, [sale._id, setSummary]);

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

  // One mutation per action (api/mutations.ts): each reports its own failure (docs/product/screens.md#messages) and
  // ends the loading state.
  const products = useProductAdding(sale._id, editable, section, setDialogState);
  const lineHandlers = useLineHandlers({
    saleId: sale._id,
    sectionId,
    section,
    openSection,
    setDialogState,
    setPicker: products.setPicker,
    addProduct: products.addProduct,
  });
  const sectionHandlers = useSectionHandlers(sale._id, openSection, (s) =>
    setDialogState({ kind: 'copy', sectionIds: [s._id] }),
  );
  // Only the fields changed, each based on the value shown when editing started (decision 0020).
  const saveHeader = useCallback(
    async (header: SaleHeader, save?: HeaderSave) => {
      const edit = save ? { ...headerEditOf(header, save.base), refused: save.refused } : header;
      const sent = updateHeader.mutateAsync(save?.overwrite ? { ...edit, overwrite: true } : edit);
      return (await sent.catch(() => undefined)) !== undefined;
    },
    [updateHeader],
  );

  // The header panel and the sync button show the sale's own fields: they render again when one of those changes,
  // not for an edit of a line.
  const head = useSaleHead(sale);
  const onOpenInErp = useOpenInErp(sale._id);
  const syncControl = useMemo(
    () => <SyncButton sale={head} canSync={canSync} erpName={erpName} syncOdoo={syncOdoo} onOpenInErp={onOpenInErp} />,
    [head, canSync, erpName, syncOdoo, onOpenInErp],
  );

  const wide = preferences.wideScreen;
  const pageSize = pickerPageSize(wide || windowed);
  // The product list beside the lines (a large table): built once for its settings, never by an edit of the sale.
  // It mounts once the sale's own content is on screen (a placeholder holds its place for that first frame).
  const listReady = useAfterFirstPaint();
  const insertFromList = products.insertFromList;
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

  const content =
    section && lineHandlers ? (
      <MemoLinesTable section={section} editable={editable} handlers={lineHandlers} />
    ) : (
      <MemoSectionsTable
        sections={sale.sections}
        editable={editable}
        canCopy={canEdit(user, 'sales')}
        handlers={sectionHandlers}
        title={`${sale.name || sale.quote_number} Sections`}
      />
    );

  return (
    <>
      <PageHeader
        title={sale.name || 'Untitled quote'}
        subtitle={sale.quote_number}
        actions={
          <SaleHeaderActions sale={sale} editable={editable} windowed={windowed} onWindowedChange={setWindowed} />
        }
      />
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
        <ApprovalBanner sale={sale} />
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
      <EditorDialogs
        sale={sale}
        state={dialogState}
        setState={setDialogState}
        picker={products.picker}
        onClosePicker={() => products.setPicker(null)}
        pageSize={pageSize}
        onInsertFromPicker={products.insertFromPicker}
        addLines={products.addLines}
      />
    </>
  );
}
