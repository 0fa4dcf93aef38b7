// The lines table's props (LinesTable, and its title bar which takes the same), apart from the table so that the
// table's parts and hooks can name them without importing the table (an import cycle, decision 0024).
import type { ProductDto } from '@quotewright/contracts';
import type { ReactNode } from 'react';
import type { LineChanges, SaleSection } from '../api/types';
import type { CellRefusal } from './EditableCell';

export interface LinesTableHandlers {
  back(): void;
  /**
   * Sends an edit. `refused` shows the server's refusal in the edited cell, with the typed text kept (false when the
   * cell cannot show it any more: report it another way). Values refused before sending never get here: the cell
   * shows why.
   */
  commit(changes: LineChanges[], refused?: CellRefusal): void;
  remove(ids: string[]): void;
  addText(kind: 'note' | 'header', sequence: number): void;
  insertProduct(sequence: number): void;
  dropProduct(productId: number): void;
  setMarkup(ids: string[]): void;
  moveCopy(ids: string[]): void;
  reorder(from: number, to: number): void;
  /** Opens Paste lines at the insertion point, with the text pasted into the table ('' from the toolbar). */
  pasteLines?(sequence: number, text: string): void;
  /**
   * The entry row's product added at the end of the section (QuickAddRow): resolves to the new line's id when it was
   * added at once (a bundle goes through its dialog: none).
   */
  quickAdd?(product: ProductDto): Promise<string | undefined>;
}

export interface LinesTableProps {
  section: SaleSection;
  editable: boolean;
  handlers: LinesTableHandlers;
  /** More actions in the title bar, before the adding ones. */
  toolbar?: ReactNode;
}
