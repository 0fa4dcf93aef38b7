// The fields of a line that a person edits in the lines table's cells. Its own module: the table (LinesTable), the
// cell (EditableCell) and the open-edits registry (hooks/editConflicts) all name it, and the cell and the registry
// must not import the table for it (the table imports them: an import cycle, decision 0024).
export type LineField = 'name' | 'quantity' | 'price' | 'discount' | 'cost' | 'markup_percent';
