// The lines grid's rows as a sortable list (dnd-kit): a row dragged by its handle, or moved with the keyboard
// (KeyboardSensor), is reordered (docs/product/screens.md#lines-table).
import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type ComponentProps, useMemo, useRef } from 'react';
import { reorderOnDragEnd, SORTABLE_AUTO_SCROLL, useSortableSensors } from '../../../lib/dnd';
import type { SaleLine } from '../api/types';
import { LinesBody } from './LinesBody';

/**
 * The lines' ids in order: the same array while the lines' order is the same, so an edit of a line's values does not
 * make every visible row's sortable hook render again.
 */
function useLineIds(lines: readonly SaleLine[]): string[] {
  const idsRef = useRef<string[]>([]);
  return useMemo(() => {
    const prev = idsRef.current;
    const same = prev.length === lines.length && lines.every((l, i) => l._id === prev[i]);
    if (!same) idsRef.current = lines.map((l) => l._id);
    return idsRef.current;
  }, [lines]);
}

export function SortableLines({
  onReorder,
  ...body
}: Omit<ComponentProps<typeof LinesBody>, 'ids'> & { onReorder: (from: number, to: number) => void }) {
  const sensors = useSortableSensors();
  const ids = useLineIds(body.lines);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={SORTABLE_AUTO_SCROLL}
      onDragEnd={reorderOnDragEnd(ids, onReorder)}
      // the drag announcements' live region goes outside the table, which may hold rows only
      accessibility={{ container: document.body }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <LinesBody {...body} ids={ids} />
      </SortableContext>
    </DndContext>
  );
}
