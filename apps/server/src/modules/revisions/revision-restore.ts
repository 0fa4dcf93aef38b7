// The layout a restore writes (docs/product/rules.md#revisions): the revision's sections and lines, in its order,
// keeping their ids, over the sale's layout as locked. A section or line still there keeps its row (its ERP link, its
// template origin) with the revision's values written over it; one that is gone comes back with its id. Rows and
// arrays that do not change are the very same objects, so writeLayout writes only what differs.
import { type LineDto, presentationOfSection, type SaleDto } from '@quotewright/contracts';
import type { SaleLineRow, SaleSectionRow } from '@quotewright/db';
import { showDetailsOf, toDecimal } from '@quotewright/domain';
import type { SaleLayout } from '../sales/sale-sections';

type Content = Pick<
  SaleLineRow,
  | 'kind'
  | 'productId'
  | 'productName'
  | 'manufacturer'
  | 'description'
  | 'quantity'
  | 'price'
  | 'cost'
  | 'discount'
  | 'pricePercentageActive'
  | 'uom'
>;

const sameNumber = (a: string, b: string) => a === b || toDecimal(a).eq(toDecimal(b));

/** The stored columns of a line as a revision shows it (a product's model and maker only on product lines). */
function contentOf(l: LineDto, old: SaleLineRow | undefined): Content {
  const product = l.kind === 'product';
  return {
    kind: l.kind,
    productId: l.product.id,
    productName: product ? l.product.name : (old?.productName ?? null),
    manufacturer: product ? l.product.manufacturer.name : (old?.manufacturer ?? null),
    description: l.name,
    quantity: l.quantity,
    price: l.price,
    cost: l.cost,
    discount: String(l.discount),
    pricePercentageActive: l.price_percentage_active,
    uom: l.uom.name,
  };
}

/** Whether the stored row already shows the content (numbers compared as numbers, a missing model as ''). */
function shows(row: SaleLineRow, c: Content): boolean {
  return (
    row.kind === c.kind &&
    row.productId === c.productId &&
    (row.productName ?? '') === (c.productName ?? '') &&
    (row.manufacturer ?? null) === (c.manufacturer ?? null) &&
    row.description === c.description &&
    sameNumber(row.quantity, c.quantity) &&
    sameNumber(row.price, c.price) &&
    sameNumber(row.cost, c.cost) &&
    (row.kind !== 'product' || sameNumber(row.discount, c.discount)) &&
    row.pricePercentageActive === c.pricePercentageActive &&
    (row.uom ?? null) === (c.uom ?? null)
  );
}

function lineRow(saleId: string, sectionId: string, position: number, l: LineDto, old: SaleLineRow | undefined) {
  if (old && old.sectionId === sectionId && old.position === position) {
    const c = contentOf(l, old);
    // Values written by a restore were typed by nobody now: their editors are dropped (decision 0020).
    return shows(old, c) ? old : { ...old, ...c, editedBy: {} };
  }
  if (old) {
    const c = contentOf(l, old);
    return shows(old, c) ? { ...old, sectionId, position } : { ...old, ...c, sectionId, position, editedBy: {} };
  }
  return {
    ...contentOf(l, undefined),
    id: l._id,
    saleId,
    sectionId,
    position,
    templateId: null,
    odooLineId: null,
    odooOptionId: null,
    editedBy: {},
  } satisfies SaleLineRow;
}

function sectionRow(saleId: string, position: number, s: SaleDto['sections'][number], old: SaleSectionRow | undefined) {
  // A revision stored before presentations has show_details only (decision 0032).
  const presentation = presentationOfSection(s);
  if (!old)
    return {
      id: s._id,
      saleId,
      position,
      name: s.name,
      presentation,
      showDetails: showDetailsOf(presentation),
      merge: s.merge,
      odooLineId: null,
      version: 1,
    } satisfies SaleSectionRow;
  if (old.position === position && old.name === s.name && old.presentation === presentation) return old;
  return { ...old, position, name: s.name, presentation, showDetails: showDetailsOf(presentation) };
}

/** The sale's layout with the revision's sections and lines; `changed` false when it is the layout as locked. */
export function restoredLayout(
  before: SaleLayout,
  saleId: string,
  revision: SaleDto,
): { after: SaleLayout; changed: boolean } {
  const heads = new Map(before.sections.map((s) => [s.id, s]));
  const rows = new Map<string, SaleLineRow>();
  for (const list of before.lines.values()) for (const row of list) rows.set(row.id, row);
  let changed = revision.sections.length !== before.sections.length;
  const sections: SaleSectionRow[] = [];
  const lines = new Map<string, readonly SaleLineRow[]>();
  revision.sections.forEach((s, i) => {
    const head = sectionRow(saleId, i, s, heads.get(s._id));
    if (head !== before.sections[i]) changed = true;
    sections.push(head);
    const was = before.lines.get(s._id);
    const now = s.lines.map((l, position) => lineRow(saleId, s._id, position, l, rows.get(l._id)));
    const same = was !== undefined && was.length === now.length && now.every((row, k) => row === was[k]);
    if (!same) changed = true;
    lines.set(s._id, same ? was : now);
  });
  return { after: { sections, lines }, changed };
}
