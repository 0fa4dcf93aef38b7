// Drag-and-drop settings shared by the sortable tables (sections and lines).
import {
  type AutoScrollOptions,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * dnd-kit scrolls every scrollable ancestor, the page included, as soon as the pointer comes within 20 % of its edge
 * and speeds up while it stays there. On the sale editor the tables often sit low on the page (below the product
 * list), so dragging a row two rows down scrolled the page by hundreds of pixels and the row landed near the bottom
 * instead of where the user let go. The page itself is never auto-scrolled (the wheel still scrolls it during a
 * drag); a table's own scroll area scrolls only right at its edge, and slowly.
 */
export const SORTABLE_AUTO_SCROLL: AutoScrollOptions = {
  threshold: { x: 0, y: 0.08 },
  acceleration: 3,
  canScroll: (element) =>
    element !== document.scrollingElement && element !== document.documentElement && element !== document.body,
};

/** The sortable tables' sensors: a pointer drag starts after 4 px (a click stays a click); the keyboard moves rows. */
export function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** A drag's end as a move of row `from` to `to` (indexes in `ids`, the rows' ids in order); a drop in place: none. */
export function reorderOnDragEnd(ids: readonly string[], reorder: (from: number, to: number) => void) {
  return ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) reorder(from, to);
  };
}
