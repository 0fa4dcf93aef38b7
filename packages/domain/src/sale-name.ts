/** What a sale saved without a name is listed as (shown muted, so it reads as a placeholder, not a name). */
export const UNTITLED_SALE_NAME = 'Untitled quote';

/** True when a sale has no name of its own (empty or only spaces). */
export function isUntitledSale(name: string | null | undefined): boolean {
  return (name ?? '').trim() === '';
}

/** The name to list a sale under: its own, or UNTITLED_SALE_NAME. */
export function saleDisplayName(name: string | null | undefined): string {
  return isUntitledSale(name) ? UNTITLED_SALE_NAME : (name as string);
}
