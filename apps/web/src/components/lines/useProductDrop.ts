// A lines table as a drop target for products dragged from a product list (HTML5 drag data, which also crosses from
// the detached Product List window): the sale's and the template's lines tables (docs/product/screens.md#lines-table)
// show 'Add product here' while one is over them and add the dropped product; a drop without a product id is ignored.
import { type DragEvent, useState } from 'react';
import { draggedProductId, isProductDrag } from '../../lib/products';

export interface ProductDrop {
  /** A product is being dragged over the table. */
  active: boolean;
  /** The drop target's handlers. */
  dropProps: {
    onDragOver(e: DragEvent<HTMLElement>): void;
    onDragLeave(e: DragEvent<HTMLElement>): void;
    onDrop(e: DragEvent<HTMLElement>): void;
  };
}

/** `onDrop` is given the dropped product's id; nothing is accepted while `enabled` is false (a read-only table). */
export function useProductDrop(enabled: boolean, onDrop: (productId: number) => void): ProductDrop {
  const [active, setActive] = useState(false);
  return {
    active,
    dropProps: {
      onDragOver: (e) => {
        if (!enabled || !isProductDrag(e.dataTransfer)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        if (!active) setActive(true);
      },
      // moving onto one of the target's own elements is not leaving it
      onDragLeave: (e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(false);
      },
      onDrop: (e) => {
        setActive(false);
        if (!enabled) return;
        const id = draggedProductId(e.dataTransfer);
        e.preventDefault();
        if (id === null) return; // a drop without a product id is ignored
        onDrop(id);
      },
    },
  };
}
