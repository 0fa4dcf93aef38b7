-- The sales list shows a sale's total with and without its optional sections (issue #24, decision 0032): the
-- optional sections' total is cached beside total_price (which leaves them out), written wherever total_price is.
ALTER TABLE "sales" ADD COLUMN "optional_total" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Backfill, as packages/domain/src/pricing.ts salePricing computes it: per optional section, the product lines' rounded
-- subtotals round(price × qty × (1 − discount/100), 2) (notes and headers count nothing), then each "Based on Total"
-- line at round(round(base × price% / 100, 2) × qty × (1 − discount/100), 2), base being the sum of the section's other
-- product lines (numeric arithmetic is exact and round() is half away from zero, as the domain's round2). A total
-- that would not fit the column (never accepted by the server) is left at 0; the server writes the right value with
-- the sale's next change, as it does total_price.
WITH optional_line AS (
  SELECT l.sale_id, l.section_id, l.price_percentage_active AS percent, l.price, l.quantity,
    1 - l.discount / 100 AS factor
  FROM "sale_lines" l JOIN "sale_sections" ss ON ss.id = l.section_id
  WHERE ss.presentation = 'optional' AND l.kind = 'product'
), base AS (
  SELECT sale_id, section_id,
    coalesce(sum(round(price * quantity * factor, 2)) FILTER (WHERE NOT percent), 0) AS subtotal
  FROM optional_line GROUP BY sale_id, section_id
), section_total AS (
  SELECT b.sale_id,
    b.subtotal + coalesce(sum(round(round(b.subtotal * o.price / 100, 2) * o.quantity * o.factor, 2)), 0) AS total
  FROM base b LEFT JOIN optional_line o ON o.section_id = b.section_id AND o.percent
  GROUP BY b.sale_id, b.section_id, b.subtotal
), sale_total AS (
  SELECT sale_id, sum(total) AS total FROM section_total GROUP BY sale_id
)
UPDATE "sales" SET "optional_total" = t.total FROM sale_total t
WHERE "sales"."id" = t.sale_id AND abs(t.total) < 1e14;
