import {
  and,
  asc,
  count,
  type Db,
  desc,
  eq,
  inArray,
  type ProductRow,
  pgArray,
  productRelated,
  products,
  type SQL,
  sql,
} from '@quotewright/db';

export interface ProductUpsert {
  id: number;
  model: string;
  name: string;
  description: string;
  category: string | null;
  manufacturer: string | null;
  price: string;
  cost: string;
  uom: string | null;
  active: boolean;
  isBundle: boolean;
  contentHash: string;
  related: { relatedId: number; quantity: string }[];
}

export type ProductSort = 'model' | 'manufacturer' | 'description' | 'category' | 'price' | 'cost';
export interface ProductQuery {
  search?: string | undefined;
  bundlesOnly?: boolean | undefined;
  includeInactive?: boolean | undefined;
  sort?: ProductSort | undefined;
  direction?: 'asc' | 'desc' | undefined;
  offset: number;
  limit: number;
}

// Must stay identical to the expression of products_search_idx (trigram index) so searches use it.
const searchText = sql`lower(${products.model} || ' ' || ${products.name} || ' ' || ${products.description} || ' ' || coalesce(${products.manufacturer}, '') || ' ' || coalesce(${products.category}, ''))`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function catalogRepository(db: Db) {
  /** Grows whenever this process writes the catalog: cached list totals compare against it. */
  let changes = 0;
  return {
    ...pasteMatchQueries(db),
    changeCount: () => changes,
    /** Fresh planner statistics after a bulk change (PGlite has no autovacuum to do it). */
    async analyze(): Promise<void> {
      await db.execute(sql`analyze products, product_related`);
    },

    /** Writes only products whose content changed; answers how many rows were written. */
    async upsertProducts(rows: ProductUpsert[]): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction(async (tx) => {
        const written = await tx
          .insert(products)
          .values(rows.map(({ related: _r, ...p }) => ({ ...p, updatedAt: new Date() })))
          .onConflictDoUpdate({
            target: products.id,
            set: {
              model: sql`excluded.model`,
              name: sql`excluded.name`,
              description: sql`excluded.description`,
              category: sql`excluded.category`,
              manufacturer: sql`excluded.manufacturer`,
              price: sql`excluded.price`,
              cost: sql`excluded.cost`,
              uom: sql`excluded.uom`,
              active: sql`excluded.active`,
              isBundle: sql`excluded.is_bundle`,
              contentHash: sql`excluded.content_hash`,
              updatedAt: sql`excluded.updated_at`,
            },
            setWhere: sql`${products.contentHash} is distinct from excluded.content_hash`,
          })
          .returning({ id: products.id });
        const ids = written.map((w) => w.id);
        if (ids.length > 0) {
          await tx.delete(productRelated).where(inArray(productRelated.productId, ids));
          const byId = new Map(rows.map((r) => [r.id, r]));
          const related = ids.flatMap((id) =>
            (byId.get(id)?.related ?? []).map((r, position) => ({ productId: id, position, ...r })),
          );
          if (related.length > 0) await tx.insert(productRelated).values(related);
        }
        if (ids.length > 0) changes += 1;
        return ids.length;
      });
    },

    /** Products the ERP no longer lists become inactive; their hash is cleared so a comeback is written. */
    async deactivateMissing(seenIds: number[]): Promise<number> {
      const rows = await db
        .update(products)
        .set({ active: false, contentHash: '', updatedAt: new Date() })
        .where(and(eq(products.active, true), sql`not (${products.id} = any(${pgArray(seenIds)}::int[]))`))
        .returning({ id: products.id });
      if (rows.length > 0) changes += 1;
      return rows.length;
    },

    /** A page of products; the total is counted unless the caller already knows it. */
    async search(q: ProductQuery, knownTotal?: number): Promise<{ items: ProductRow[]; total: number }> {
      const where: SQL[] = [];
      if (!q.includeInactive) where.push(eq(products.active, true));
      if (q.bundlesOnly) where.push(eq(products.isBundle, true));
      const term = q.search?.trim().toLowerCase();
      if (term) {
        for (const word of term.split(/\s+/).slice(0, 8))
          where.push(sql`${searchText} like ${`%${escapeLike(word)}%`}`);
      }
      const cond = where.length ? and(...where) : undefined;
      const column = {
        model: products.model,
        manufacturer: products.manufacturer,
        description: products.description,
        category: products.category,
        price: products.price,
        cost: products.cost,
      }[q.sort ?? 'model'];
      // The id tie-break follows the direction so the (column, id) index serves the whole ORDER BY.
      const dir = q.direction === 'desc' ? desc : asc;
      const [items, totalRows] = await Promise.all([
        db.select().from(products).where(cond).orderBy(dir(column), dir(products.id)).limit(q.limit).offset(q.offset),
        knownTotal === undefined
          ? db.select({ n: count() }).from(products).where(cond)
          : Promise.resolve([{ n: knownTotal }]),
      ]);
      return { items, total: Number(totalRows[0]?.n ?? 0) };
    },

    async findById(id: number): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },

    async findByIds(ids: number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(products).where(inArray(products.id, ids));
    },

    /** A bundle's members in order, each with its product row when the catalog has it. */
    async related(id: number): Promise<{ quantity: string; relatedId: number; product: ProductRow | null }[]> {
      const rows = await db
        .select({ quantity: productRelated.quantity, relatedId: productRelated.relatedId, product: products })
        .from(productRelated)
        .leftJoin(products, eq(products.id, productRelated.relatedId))
        .where(eq(productRelated.productId, id))
        .orderBy(asc(productRelated.position));
      return rows.map((r) => ({ quantity: r.quantity, relatedId: r.relatedId, product: r.product ?? null }));
    },

    async countActive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(products).where(eq(products.active, true));
      return Number(row?.n ?? 0);
    },
  };
}
export type CatalogRepository = ReturnType<typeof catalogRepository>;

/** The catalog as pasted rows are matched against it (docs/product/rules.md#paste-from-a-spreadsheet). */
function pasteMatchQueries(db: Db) {
  return {
    /**
     * Catalog products each pasted row may be (docs/product/rules.md#paste-from-a-spreadsheet), in one statement:
     * products whose model is the row's model (any case), and — when no active product has it — up to 5 whose
     * model or name is most similar (pg_trgm, over the trigram indexes of lower(model) and lower(name)). Answers,
     * per row index, the products with whether the model was exact and the similarity (1 for exact).
     */
    async matchCandidates(
      rows: readonly { model: string; name: string }[],
    ): Promise<Map<number, { product: ProductRow; exact: boolean; score: number }[]>> {
      const input = JSON.stringify(
        rows.map((r, n) => ({ n, model: r.model.trim().toLowerCase(), name: r.name.trim().toLowerCase() })),
      );
      const hits = (
        await db.execute(sql`
        with input as (select * from jsonb_to_recordset(${input}::jsonb) as i(n int, model text, name text))
        select i.n, c.id, c.exact, c.score from input i
        cross join lateral (
          (select p.id, true as exact, 1::real as score from ${products} p
            where i.model <> '' and lower(p.model) = i.model order by p.active desc, p.id limit 5)
          union all
          (select p.id, false as exact,
              greatest(similarity(lower(p.model), i.model), similarity(lower(p.name), i.name)) as score
            from ${products} p
            where not exists (select 1 from ${products} e where i.model <> '' and lower(e.model) = i.model and e.active)
              and ((i.model <> '' and lower(p.model) % i.model) or (i.name <> '' and lower(p.name) % i.name))
              and not (i.model <> '' and lower(p.model) = i.model)
            order by score desc, p.id limit 5)
        ) c`)
      ).rows as { n: number; id: number; exact: boolean; score: number }[];
      const ids = [...new Set(hits.map((h) => h.id))];
      const byId = new Map(
        (ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : []).map((p) => [p.id, p]),
      );
      const out = new Map<number, { product: ProductRow; exact: boolean; score: number }[]>();
      for (const h of hits) {
        const product = byId.get(Number(h.id));
        if (!product) continue;
        const list = out.get(Number(h.n)) ?? [];
        list.push({ product, exact: h.exact === true, score: Number(h.score) });
        out.set(Number(h.n), list);
      }
      return out;
    },
  };
}
