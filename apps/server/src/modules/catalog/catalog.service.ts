import type { ProductDto } from '@quotewright/contracts';
import type { ProductRow } from '@quotewright/db';
import { notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import type { CatalogRepository, ProductQuery } from './catalog.repository';

export type { ProductDto };

export function toProductDto(p: ProductRow): ProductDto {
  return {
    id: p.id,
    name: p.model || p.name,
    model: p.model,
    display_name: p.name,
    manufacturer: { name: p.manufacturer },
    description: p.description,
    category: { name: p.category },
    price: p.price,
    cost: p.cost,
    uom: { name: p.uom },
    active: p.active,
    is_bundle: p.isBundle,
  };
}

/** How long an unsearched list total may be reused (writes by this process invalidate it at once). */
const TOTAL_TTL_MS = 60_000;

export function catalogService(repo: CatalogRepository) {
  // Counting 50,000 rows on every page costs more than the page itself: totals of the unsearched list are cached.
  const totals = new Map<string, { total: number; changes: number; at: number }>();
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
