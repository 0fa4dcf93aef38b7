import { useEffect } from 'react';
import { PRODUCT_NAME } from './constants';

/** Sets the tab title for a screen: "<screen> | Quotewright". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
