import type { PasteMatchDto, ProductDto } from '@quotewright/contracts';
import type { ProductRow } from '@quotewright/db';
import { notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import type { CatalogRepository, MatchKind, ProductQuery } from './catalog.repository';
import { similarProducts } from './catalog-texts';

export type { ProductDto };

export function toProductDto(p: ProductRow): ProductDto {
  return {
    id: p.id,
    name: p.model || p.name,
    model: p.model,
    display_name: p.name,
    manufacturer: { name: p.manufacturer },
    part_number: p.partNumber,
    description: p.description,
    category: { name: p.category },
    price: p.price,
    cost: p.cost,
    uom: { name: p.uom },
    active: p.active,
    is_bundle: p.isBundle,
  };
}

/** A fuzzy match this similar, and this far ahead of the next candidate, is taken without asking. */
const SURE_SIMILARITY = 0.8;
const SURE_LEAD = 0.15;

type Candidate = { product: ProductRow; kind: MatchKind; score: number };

const KIND_ORDER: Record<MatchKind, number> = { model: 0, part_number: 1, fuzzy: 2 };

/**
 * What a pasted row is (docs/product/rules.md#paste-from-a-spreadsheet): one active product with its exact model is
 * matched, several are ambiguous; failing that, the same by exact part number; an inactive product is only ever
 * offered (ambiguous), never matched; a fuzzy candidate is matched when it is active, at least SURE_SIMILARITY similar
 * and SURE_LEAD ahead of the next.
 */
export function pasteMatch(candidates: readonly Candidate[]): PasteMatchDto {
  // Exact candidates first, active ones first among them (an active product by part number comes before an inactive
  // one by model), then by kind and similarity.
  const exact = (c: Candidate) => Number(c.kind !== 'fuzzy');
  const sorted = [...candidates].sort(
    (a, b) =>
      exact(b) - exact(a) ||
      Number(b.product.active) - Number(a.product.active) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      b.score - a.score,
  );
  const out = (status: PasteMatchDto['status'], by: PasteMatchDto['by']): PasteMatchDto => ({
    status,
    by,
    candidates: sorted.slice(0, 5).map((c) => ({ product: toProductDto(c.product), confidence: Math.min(1, c.score) })),
  });
  const [best, next] = sorted;
  if (!best) return out('unmatched', null);
  if (best.kind !== 'fuzzy') {
    // The best kind is that of an active exact candidate when there is one: by model, else by part number.
    const active = sorted.filter((c) => c.kind === best.kind && c.product.active).length;
    return out(active === 1 ? 'matched' : 'ambiguous', best.kind);
  }
  const sure = best.product.active && best.score >= SURE_SIMILARITY && (!next || next.score <= best.score - SURE_LEAD);
  return out(sure ? 'matched' : 'ambiguous', 'fuzzy');
}

/** How long an unsearched list total may be reused (writes by this process invalidate it at once). */
const TOTAL_TTL_MS = 60_000;

export function catalogService(repo: CatalogRepository) {
  // Counting 50,000 rows on every page costs more than the page itself: totals of the unsearched list are cached.
  const totals = new Map<string, { total: number; changes: number; at: number }>();
  const similar = similarProducts(repo);
  async function related(id: number) {
    const rows = await repo.related(id);
    return rows.map((r) => ({
      product: r.product ? toProductDto(r.product) : { id: r.relatedId, name: `#${r.relatedId}`, active: false },
      description: r.product?.description ?? '',
      quantity: r.quantity,
      uom: r.product?.uom ?? null,
    }));
  }
  return {
    async list(actor: AuthUser | null, q: ProductQuery & { page: number; pageSize: number }) {
      authorize(actor, 'sales.view');
      const key = q.search?.trim() ? null : `${q.bundlesOnly === true}:${q.includeInactive === true}`;
      const cached = key ? totals.get(key) : undefined;
      const fresh = cached && cached.changes === repo.changeCount() && Date.now() - cached.at < TOTAL_TTL_MS;
      const { items, total } = await repo.search(q, fresh ? cached.total : undefined);
      if (key && !fresh) totals.set(key, { total, changes: repo.changeCount(), at: Date.now() });
      return { items: items.map(toProductDto), total, page: q.page, pageSize: q.pageSize };
    },
    /**
     * Pasted rows matched to the catalog, in their order (the model against models and part numbers, else the
     * description against names).
     */
    async match(actor: AuthUser | null, rows: readonly { model: string; description: string }[]) {
      authorize(actor, 'sales.view');
      const exact = await repo.exactCandidates(rows);
      // Rows no active product is exactly: similar products (never those it exactly is, inactive: offered as such).
      const open = rows.flatMap((r, n) => {
        const found = exact.get(n) ?? [];
        if (found.some((c) => c.product.active)) return [];
        return [
          { n, model: r.model.trim(), name: r.description.trim(), exclude: new Set(found.map((c) => c.product.id)) },
        ];
      });
      const near = await similar.of(open);
      const products = new Map((await repo.byIds(near.flat().map((c) => c.id))).map((p) => [p.id, p]));
      open.forEach(({ n }, i) => {
        const list = exact.get(n) ?? [];
        for (const { id, score } of near[i] ?? []) {
          const product = products.get(id);
          if (product) list.push({ product, kind: 'fuzzy', score });
        }
        exact.set(n, list);
      });
      return { rows: rows.map((_, i) => pasteMatch(exact.get(i) ?? [])) };
    },
    /** Quick-add suggestions for typed text (docs/product/rules.md#quick-add): active products, best first. */
    async suggest(actor: AuthUser | null, text: string, limit: number) {
      authorize(actor, 'sales.view');
      return (await repo.suggest(text, limit)).map(toProductDto);
    },
    async get(actor: AuthUser | null, id: number) {
      authorize(actor, 'sales.view');
      const product = await repo.findById(id);
      if (!product) throw notFound('Product');
      return { ...toProductDto(product), related_products: await related(id) };
    },
    /** The bundle's members ({product, quantity}); an empty array for a plain product. */
    async hasRelated(actor: AuthUser | null, id: number) {
      authorize(actor, 'sales.view');
      const product = await repo.findById(id);
      if (!product) throw notFound('Product');
      return (await related(id)).map(({ product: p, quantity }) => ({ product: p, quantity }));
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
