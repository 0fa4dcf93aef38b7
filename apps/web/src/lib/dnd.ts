// Drag-and-drop settings shared by the sortable tables (sections and lines).
import type { AutoScrollOptions } from '@dnd-kit/core';

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
