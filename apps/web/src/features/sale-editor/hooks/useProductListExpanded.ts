import { useState } from 'react';

// Whether the product list above the sections is expanded. A per-browser user preference kept in localStorage (like
// the product-list-in-a-window choice), not a server preference: expanded, the list takes ~450 px above the sections,
// so a user who collapses it wants it collapsed on the next sale too.
export const PRODUCT_LIST_EXPANDED_KEY = 'qw.productListExpanded';

function read(): boolean {
  try {
    return window.localStorage.getItem(PRODUCT_LIST_EXPANDED_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function useProductListExpanded(): [boolean, (expanded: boolean) => void] {
  const [expanded, setExpanded] = useState(read);
  const set = (value: boolean) => {
    setExpanded(value);
    try {
      window.localStorage.setItem(PRODUCT_LIST_EXPANDED_KEY, String(value));
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };
  return [expanded, set];
}
