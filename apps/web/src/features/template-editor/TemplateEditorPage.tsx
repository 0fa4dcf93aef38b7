// The template editor (docs/product/screens.md#template-editor): a skeleton first; sections (7/12) beside the product
// list (5/12) in widescreen, else the product list on top; the list can be detached into its own 'Product List' window.
// Adding a bundle opens the Related Products dialog. Changes need sales full rights (the route's guard); Duplicate:
// full rights or admin.
import { Alert } from '@mui/material';
import { type ProductDto, type SectionDto, templatesApi } from '@quotewright/contracts';
import { hasFullRights, pickerPageSize, type SectionPresentation } from '@quotewright/domain';
import type { MRT_ExpandedState } from 'material-react-table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser, usePreferences } from '../../app/providers/currentUser';
import { useDialog } from '../../app/providers/dialog';
import { useLoadingOverlay } from '../../app/providers/loading';
import { useSnackbar } from '../../app/providers/snackbar';
import { KeyboardHelpButton, TEMPLATE_SHORTCUTS } from '../../components/KeyboardHelp';
import { PageHeader } from '../../components/PageHeader';
import { PageSkeleton } from '../../components/PageSkeleton';
import type { PasteLine } from '../../components/paste/PasteLinesDialog';
import { BundleErrorMessage, bundleErrorLabel } from '../../components/products/BundleErrors';
import { ProductListLayout } from '../../components/products/ProductListLayout';
import { ProductListWindowButton, useProductListWindowed } from '../../components/products/ProductListWindowButton';
import { ProductTable } from '../../components/products/ProductTable';
import { type BundleLine, RelatedProductsDialog } from '../../components/products/RelatedProductsDialog';
import { errorMessage } from '../../lib/api';
import { getProduct, type Product, type ProductDetail } from '../../lib/products';
import { type LineEdits, type SectionPatch, useTemplate, useTemplateAction } from './api/template';
import { lineEditRefusal } from './components/LineDialogs';
import { TemplateSectionsTable } from './components/TemplateSectionsTable';

export function TemplateEditorPage() {
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const action = useTemplateAction(templateId);
  const { data: user } = useCurrentUser();
  const { preferences } = usePreferences();
  const dialog = useDialog();
  const snackbar = useSnackbar();
  const loading = useLoadingOverlay();
  const [expanded, setExpanded] = useState<MRT_ExpandedState>({});
  const [current, setCurrent] = useState<string | null>(null);
  const [windowed, setWindowed] = useProductListWindowed();
  const [related, setRelated] = useState<{ sectionId: string; product: ProductDetail } | null>(null);
  const [listOpen, setListOpen] = useState(true);

  if (template.isLoading) return <PageSkeleton />;
  if (template.isError || !template.data) {
    return <Alert severity="error">{errorMessage(template.error)}</Alert>;
  }
  const t = template.data;
  const editable = user ? hasFullRights(user, 'sales') : false;
  const canDuplicate = editable || user?.isAdmin === true;
  const api = templatesApi;
  const section = (sectionId: string) => ({ templateId, sectionId });

  // A failed call has been reported by action.run (once); only the products the server did not add remain to tell.
  const addLines = async (sectionId: string, lines: BundleLine[], bundle: ProductDetail | null) => {
    const res = await action.run(api.createLines, { params: section(sectionId), body: { lines, sequence: -1 } });
    if (!res || res.errors.length === 0) return;
    const items = res.errors.map((e) => bundleErrorLabel(e.product, bundle));
    if (bundle) await dialog.open({ title: 'Error', message: <BundleErrorMessage items={items} /> });
    else snackbar.show(`Not added (no longer active): ${items.join(', ')}`, 'error');
  };

  const addProduct = async (sectionId: string, productId: number, quantity = '1') => {
    let product: ProductDetail;
    try {
      product = await loading.track(getProduct(productId));
    } catch (e) {
      snackbar.showError(e); // a line action's failure (docs/product/screens.md#messages)
      return;
    }
    if (product.is_bundle || product.related_products.length > 0) {
      setRelated({ sectionId, product });
      return;
    }
    await addLines(sectionId, [{ product: productId, quantity }], null);
  };

  const insertFromList = (p: Product) => {
    const target = current && t.sections.some((s) => s._id === current) ? current : null;
    if (!target) {
      snackbar.show('Expand a section to add products to it.', 'info');
      return;
    }
    void addProduct(target, p.id);
  };

  const handlers = {
    create: async (name: string, presentation: SectionPresentation) =>
      (await action.run(api.createSection, { params: { templateId }, body: { name, presentation } })) !== undefined,
    update: async (id: string, patch: SectionPatch) =>
      (await action.run(api.updateSection, { params: section(id), body: patch })) !== undefined,
    remove: (id: string) => void action.run(api.deleteSection, { params: section(id) }),
    duplicate: (id: string) => void action.run(api.duplicateSection, { params: section(id) }),
    reorder: (from: number, to: number) =>
      void action.run(api.reorderSections, { params: { templateId, oldIndex: from, newIndex: to } }),
    lines: (s: SectionDto) => ({
      dropProduct: (productId: number) => void addProduct(s._id, productId),
      quickAdd: async (product: ProductDto, quantity?: string) => {
        await addProduct(s._id, product.id, quantity);
        return undefined;
      },
      addText: (kind: 'note' | 'header', name: string) =>
        void action.run(kind === 'note' ? api.addNote : api.addHeader, { params: section(s._id), body: { name } }),
      // a refusal goes back to the edit dialog, which keeps the typed values with the reasons beside them
      update: async (edits: LineEdits) => {
        const res = await action.attempt(api.updateLines, { params: section(s._id), body: edits });
        return res.ok ? undefined : lineEditRefusal(res.error);
      },
      remove: (ids: string[]) => void action.run(api.deleteLines, { params: section(s._id), body: ids }),
      // a refusal goes back to the paste dialog, which keeps its rows and shows it
      paste: async (lines: PasteLine[], sequence: number) => {
        const res = await action.attempt(api.pasteLines, { params: section(s._id), body: { lines, sequence } });
        if (!res.ok) throw res.error;
        return res.value;
      },
      reorder: (index: number, point: number) =>
        void action.run(api.reorderLines, { params: section(s._id), body: { index, line_insertion_point: point } }),
    }),
  };

  const wide = preferences.wideScreen;
  const productList = editable ? (
    <ProductTable
      pageSize={pickerPageSize(wide || windowed)}
      onInsert={insertFromList}
      title="Product List"
      dense={wide && !windowed}
    />
  ) : null;
  const sectionsTable = (
    <TemplateSectionsTable
      title={`${t.name} Sections`}
      sections={t.sections}
      editable={editable}
      canDuplicate={canDuplicate}
      expanded={expanded}
      onExpandedChange={(next) => {
        const before = expanded === true ? {} : expanded;
        const after = next === true ? {} : next;
        const opened = Object.keys(after).find((k) => after[k] && !before[k]);
        if (opened) setCurrent(opened);
        setExpanded(next);
      }}
      handlers={handlers}
    />
  );

  return (
    <>
      <PageHeader
        title={t.name}
        subtitle="Template"
        actions={
          <>
            <KeyboardHelpButton groups={TEMPLATE_SHORTCUTS} />
            {editable && <ProductListWindowButton windowed={windowed} onChange={setWindowed} />}
          </>
        }
      />
      <ProductListLayout
        productList={productList}
        wide={wide}
        windowed={windowed}
        onWindowClosed={() => setWindowed(false)}
        expanded={listOpen}
        onExpandedChange={setListOpen}
      >
        {sectionsTable}
      </ProductListLayout>
      {related && (
        <RelatedProductsDialog
          product={related.product}
          onCancel={() => setRelated(null)}
          onAdd={(lines) => {
            const { sectionId, product } = related;
            setRelated(null);
            void addLines(sectionId, lines, product);
          }}
        />
      )}
    </>
  );
}
