// biome-ignore-all lint/a11y/useSemanticElements: a grid of divs with ARIA roles, as the lines table renders it
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid gives the cells their tab index
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type GridBounds, gridKeyTarget, useGridNavigation } from './useGridNavigation';

const COLS = ['drag', 'model', 'qty', 'price', 'subtotal'];

/** A cell that edits like the lines table's: a button that opens a field; Enter saves, Escape cancels. */
function EditCell({ label, initial }: { label: string; initial: string }) {
  const [value, setValue] = useState(initial);
  const [draft, setDraft] = useState<string | null>(null);
  if (draft !== null) {
    return (
      <input
        aria-label={label}
        // biome-ignore lint/a11y/noAutofocus: the field opens on the user's request
        autoFocus
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            setValue(draft);
            setDraft(null);
          } else if (e.key === 'Escape') setDraft(null);
        }}
      />
    );
  }
  return (
    <div
      role="button"
      tabIndex={-1}
      aria-label={`Edit ${label}`}
      onDoubleClick={() => setDraft(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          setDraft(value);
        }
      }}
    >
      {value}
    </div>
  );
}

/**
 * Lines like the sale's: products with a cell per column, notes with one cell spanning all but the first column.
 * `window` rows are rendered at a time (a virtualized list), from `first`.
 */
function Grid({ kinds, window = kinds.length, onScroll }: { kinds: string[]; window?: number; onScroll?: () => void }) {
  const nav = useGridNavigation({ row: 2, col: 2 });
  const [first, setFirst] = useState(0);
  nav.attach({
    scrollToRow: (row) => {
      onScroll?.();
      const line = row - 2;
      setFirst((f) => (line < f ? line : line >= f + window ? line - window + 1 : f));
    },
    pageRows: () => 3,
  });
  useLayoutEffect(() => nav.rowsRendered());
  const shown = kinds.slice(first, first + window);
  return (
    <>
      <button type="button">before</button>
      <div
        role="grid"
        aria-label="Lines"
        aria-rowcount={kinds.length + 1}
        aria-colcount={COLS.length}
        {...nav.gridProps}
      >
        <div role="row" aria-rowindex={1}>
          {COLS.map((c, i) => (
            <div key={c} role="columnheader" aria-colindex={i + 1} tabIndex={-1}>
              {c}
            </div>
          ))}
        </div>
        {shown.map((kind, k) => {
          const line = first + k;
          return (
            <div key={line} role="row" aria-rowindex={line + 2} data-testid={`row-${line}`}>
              <div role="gridcell" aria-colindex={1} tabIndex={-1}>
                <span role="button" tabIndex={-1} aria-label={`Drag ${line}`} />
              </div>
              {kind === 'note' ? (
                <div role="gridcell" aria-colindex={2} aria-colspan={COLS.length - 1} tabIndex={-1}>
                  note {line}
                </div>
              ) : (
                COLS.slice(1).map((c, i) => (
                  <div key={c} role="gridcell" aria-colindex={i + 2} tabIndex={-1} data-column={c}>
                    {c === 'qty' ? <EditCell label={`Qty ${line}`} initial={String(line)} /> : `${c} ${line}`}
                  </div>
                ))
              )}
            </div>
          );
        })}
      </div>
      <button type="button">after</button>
    </>
  );
}

/** Tab from the control before the grid. */
async function tabIntoGrid() {
  act(() => screen.getByRole('button', { name: 'before' }).focus());
  await userEvent.tab();
}

const tabStops = () => Array.from(document.querySelectorAll('[role="grid"] [tabindex="0"]'));
const focused = () => document.activeElement as HTMLElement;
const position = (el: Element) => {
  const cell = el.closest('[role="gridcell"], [role="columnheader"]')!;
  return [
    Number(cell.closest('[role="row"]')!.getAttribute('aria-rowindex')),
    Number(cell.getAttribute('aria-colindex')),
  ];
};

describe('gridKeyTarget', () => {
  const bounds: GridBounds = { rowCount: 10, colCount: 5, firstBodyRow: 2, pageRows: 4 };
  const at = (row: number, col: number, span = 1) => ({ row, col, span });

  it('moves by a cell sideways and by a row up and down, staying inside the grid', () => {
    expect(gridKeyTarget('ArrowRight', false, at(3, 2), 2, bounds)).toMatchObject({ row: 3, col: 3 });
    expect(gridKeyTarget('ArrowRight', false, at(3, 5), 5, bounds)).toMatchObject({ row: 3, col: 5 });
    expect(gridKeyTarget('ArrowLeft', false, at(3, 1), 1, bounds)).toMatchObject({ row: 3, col: 1 });
    expect(gridKeyTarget('ArrowDown', false, at(3, 2), 4, bounds)).toMatchObject({ row: 4, col: 4, keepGoal: true });
    expect(gridKeyTarget('ArrowDown', false, at(10, 2), 2, bounds)).toMatchObject({ row: 10 });
    expect(gridKeyTarget('ArrowUp', false, at(1, 2), 2, bounds)).toMatchObject({ row: 1 });
  });

  it('leaves a spanning cell past its last column', () => {
    expect(gridKeyTarget('ArrowRight', false, at(3, 2, 4), 2, bounds)).toMatchObject({ col: 5 });
    expect(gridKeyTarget('ArrowLeft', false, at(3, 2, 4), 2, bounds)).toMatchObject({ col: 1 });
  });

  it('Home/End in the row, Ctrl+Home/Ctrl+End to the first and last line, pages by a screenful', () => {
    expect(gridKeyTarget('Home', false, at(5, 3), 3, bounds)).toMatchObject({ row: 5, col: 1 });
    expect(gridKeyTarget('End', false, at(5, 3), 3, bounds)).toMatchObject({ row: 5, col: 5 });
    expect(gridKeyTarget('Home', true, at(5, 3), 3, bounds)).toMatchObject({ row: 2, col: 1 });
    expect(gridKeyTarget('End', true, at(5, 3), 3, bounds)).toMatchObject({ row: 10, col: 5 });
    expect(gridKeyTarget('PageDown', false, at(5, 3), 3, bounds)).toMatchObject({ row: 9, col: 3 });
    expect(gridKeyTarget('PageDown', false, at(8, 3), 3, bounds)).toMatchObject({ row: 10 });
    expect(gridKeyTarget('PageUp', false, at(4, 3), 3, bounds)).toMatchObject({ row: 1 });
  });

  it('other keys do not move', () => {
    for (const key of ['Enter', 'F2', 'Escape', 'a', 'Tab', 'Delete'])
      expect(gridKeyTarget(key, false, at(3, 2), 2, bounds)).toBeNull();
  });
});

describe('useGridNavigation', () => {
  it('is one tab stop: Tab from before the grid lands on the first line, the next Tab leaves the grid', async () => {
    render(<Grid kinds={['product', 'product', 'product']} />);
    expect(tabStops()).toHaveLength(1);
    await tabIntoGrid();
    expect(position(focused())).toEqual([2, 2]);
    await userEvent.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'after' }));
    await userEvent.tab({ shift: true });
    expect(position(focused())).toEqual([2, 2]);
  });

  it('moves with the arrows, Home/End and Ctrl+Home/Ctrl+End; the tab stop follows the focus', async () => {
    render(<Grid kinds={['product', 'product', 'product']} />);
    await tabIntoGrid();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(position(focused())).toEqual([2, 4]);
    await userEvent.keyboard('{ArrowDown}');
    expect(position(focused())).toEqual([3, 4]);
    await userEvent.keyboard('{End}');
    expect(position(focused())).toEqual([3, 5]);
    await userEvent.keyboard('{Home}');
    // the drag handle is the first cell's widget: it takes the focus
    expect(focused()).toHaveAccessibleName('Drag 1');
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(position(focused())).toEqual([4, 5]);
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    expect(position(focused())).toEqual([2, 1]);
    await userEvent.keyboard('{ArrowUp}');
    expect(focused()).toHaveAttribute('role', 'columnheader');
    expect(tabStops()).toEqual([focused()]);
  });

  it('through a note (one cell over the columns) up and down come back to the column they left', async () => {
    render(<Grid kinds={['product', 'note', 'product']} />);
    await tabIntoGrid();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(position(focused())).toEqual([2, 4]);
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toHaveTextContent('note 1');
    await userEvent.keyboard('{ArrowDown}');
    expect(position(focused())).toEqual([4, 4]);
    await userEvent.keyboard('{ArrowUp}{ArrowRight}');
    expect(focused()).toHaveTextContent('note 1');
  });

  it('Enter edits the focused cell; Enter saves and Escape cancels, and the focus is back on the cell', async () => {
    render(<Grid kinds={['product', 'product']} />);
    await tabIntoGrid();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(focused()).toHaveAccessibleName('Edit Qty 1');
    await userEvent.keyboard('{Enter}');
    expect(focused()).toHaveAccessibleName('Qty 1');
    await userEvent.keyboard('{Control>}a{/Control}42{Enter}');
    await waitFor(() => expect(focused()).toHaveAccessibleName('Edit Qty 1'));
    expect(focused()).toHaveTextContent('42');
    expect(tabStops()).toEqual([focused()]);
    await userEvent.keyboard('{F2}9{Escape}');
    await waitFor(() => expect(focused()).toHaveAccessibleName('Edit Qty 1'));
    expect(focused()).toHaveTextContent('42');
    // the keys typed in the field never moved the focus
    await userEvent.keyboard('{ArrowUp}');
    expect(position(focused())).toEqual([2, 3]);
  });

  it('a cell focused beside its widget edits with Enter too', async () => {
    render(<Grid kinds={['product']} />);
    const cell = screen.getByRole('button', { name: 'Edit Qty 0' }).closest('[role="gridcell"]') as HTMLElement;
    act(() => cell.focus());
    expect(tabStops()).toEqual([cell]);
    await userEvent.keyboard('{Enter}');
    expect(focused()).toHaveAccessibleName('Qty 0');
  });

  it('a row that is not rendered is scrolled to and focused once it is', async () => {
    const onScroll = vi.fn();
    const kinds = Array.from({ length: 50 }, () => 'product');
    render(<Grid kinds={kinds} window={5} onScroll={onScroll} />);
    await tabIntoGrid();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    expect(onScroll).toHaveBeenCalled();
    expect(position(focused())).toEqual([51, 5]);
    await userEvent.keyboard('{PageUp}');
    expect(position(focused())).toEqual([48, 5]);
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    expect(position(focused())).toEqual([2, 1]);
    expect(tabStops()).toHaveLength(1);
  });

  it('the tab stop stays on the header while its line is scrolled away, and goes back to the line', async () => {
    const kinds = Array.from({ length: 20 }, () => 'product');
    const { rerender } = render(<Grid kinds={kinds} window={5} />);
    expect(tabStops().map(position)).toEqual([[2, 2]]);
    // the lines go (the list is emptied) and come back
    rerender(<Grid kinds={[]} window={5} />);
    expect(tabStops().map(position)).toEqual([[1, 2]]);
    rerender(<Grid kinds={kinds} window={5} />);
    expect(tabStops().map(position)).toEqual([[2, 2]]);
  });

  it('leaves keys alone while a row is moved with the keyboard (aria-pressed) or a field has them', () => {
    render(<Grid kinds={['product', 'product']} />);
    const handle = screen.getByRole('button', { name: 'Drag 0' });
    act(() => handle.focus());
    handle.setAttribute('aria-pressed', 'true');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(focused()).toBe(handle);
    handle.removeAttribute('aria-pressed');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(focused()).toHaveAccessibleName('Drag 1');
  });
});
