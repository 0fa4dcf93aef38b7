// Discrete mode hides cost, margin, markup and price figures (docs/product/screens.md#shell). A table column opts in by
// being marked sensitive: `{ accessorKey: 'cost', header: 'Cost', meta: { sensitive: 'cost' } }`. Hidden columns are
// removed, not just made invisible, so no column chooser can bring them back while discrete mode is on.
import type { RowData } from '@tanstack/table-core';

export type SensitiveKind = 'price' | 'cost' | 'margin' | 'markup';

declare module '@tanstack/table-core' {
  // biome-ignore lint/correctness/noUnusedVariables: declaration merging needs the original type parameter names
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Set on money columns that discrete mode hides. */
    sensitive?: SensitiveKind;
  }
}

export interface ColumnLike {
  meta?: { sensitive?: SensitiveKind };
  columns?: ColumnLike[];
}

export function isSensitiveColumn(column: ColumnLike): boolean {
  return column.meta?.sensitive !== undefined;
}

/** The columns to render: sensitive ones (also inside column groups) are dropped when discrete mode is on. */
export function applyDiscrete<C extends ColumnLike>(columns: readonly C[], discrete: boolean): C[] {
  if (!discrete) return [...columns];
  const out: C[] = [];
  for (const column of columns) {
    if (isSensitiveColumn(column)) continue;
    if (column.columns) {
      const children = applyDiscrete(column.columns, true);
      if (children.length === 0) continue;
      out.push({ ...column, columns: children });
    } else {
      out.push(column);
    }
  }
  return out;
}
