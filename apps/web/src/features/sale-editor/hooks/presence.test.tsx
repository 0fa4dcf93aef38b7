import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearPresence,
  openCell,
  PRESENCE_SETTLE_MS,
  presenceRefused,
  receivePresence,
  setPresenceSender,
  useRowEditors,
} from './presence';

const erin = { id: 'e1', name: 'Erin Editor' };
const bob = { id: 'b2', name: 'Bob Builder' };

/** A row per line, counting its renders. */
function Rows({ lines, renders }: { lines: string[]; renders: Record<string, number> }) {
  return lines.map((l) => <Row key={l} line={l} renders={renders} />);
}
function Row({ line, renders }: { line: string; renders: Record<string, number> }) {
  const editors = useRowEditors(line);
  renders[line] = (renders[line] ?? 0) + 1;
  return <div data-testid={line}>{editors.map((e) => e.name).join(', ')}</div>;
}

afterEach(() => {
  act(() => clearPresence());
  setPresenceSender(null);
  vi.useRealTimers();
});

describe('presence', () => {
  it('re-renders only the rows whose people change; one person in two tabs is named once', () => {
    const renders: Record<string, number> = {};
    const { getByTestId } = render(<Rows lines={['l1', 'l2', 'l3']} renders={renders} />);
    const first = { ...renders };
    act(() =>
      receivePresence(
        {
          saleId: 's',
          all: true,
          cells: [
            { key: 'a', user: erin, line: 'l1' },
            { key: 'b', user: erin, line: 'l1' },
          ],
        },
        'me',
      ),
    );
    expect(getByTestId('l1')).toHaveTextContent('Erin Editor');
    expect(renders.l2).toBe(first.l2);
    // Bob opens a cell of l1, then moves to l2: l3 never renders again.
    act(() => receivePresence({ saleId: 's', all: false, cells: [{ key: 'c', user: bob, line: 'l1' }] }, 'me'));
    expect(getByTestId('l1')).toHaveTextContent('Erin Editor, Bob Builder');
    act(() => receivePresence({ saleId: 's', all: false, cells: [{ key: 'c', user: bob, line: 'l2' }] }, 'me'));
    expect(getByTestId('l1')).toHaveTextContent('Erin Editor');
    expect(getByTestId('l2')).toHaveTextContent('Bob Builder');
    expect(renders.l3).toBe(first.l3);
    // A snapshot replaces everything; leaving forgets everyone.
    act(() => receivePresence({ saleId: 's', all: true, cells: [{ key: 'c', user: bob, line: 'l3' }] }, 'me'));
    expect(getByTestId('l1')).toHaveTextContent('');
    expect(getByTestId('l3')).toHaveTextContent('Bob Builder');
    act(() => clearPresence());
    expect(getByTestId('l3')).toHaveTextContent('');
  });

  it('sends the cell open here once it settles: moving along a row sends nothing more', () => {
    vi.useFakeTimers();
    const sent: (string | null)[] = [];
    setPresenceSender((line) => sent.push(line));
    const closeQty = openCell('l1');
    vi.advanceTimersByTime(PRESENCE_SETTLE_MS);
    expect(sent).toEqual(['l1']);
    // Tab from Qty to Price of the same row: closed and opened at once.
    closeQty();
    const closePrice = openCell('l1');
    vi.advanceTimersByTime(PRESENCE_SETTLE_MS);
    expect(sent).toEqual(['l1']);
    closePrice();
    vi.advanceTimersByTime(PRESENCE_SETTLE_MS);
    expect(sent).toEqual(['l1', null]);
    // A room joined again is told the cell open now.
    const close = openCell('l2');
    setPresenceSender((line) => sent.push(`again:${line}`));
    vi.advanceTimersByTime(PRESENCE_SETTLE_MS);
    expect(sent.at(-1)).toBe('again:l2');
    // The server refused it (too many events at once): the state is sent again a moment later.
    presenceRefused();
    vi.advanceTimersByTime(1000 + PRESENCE_SETTLE_MS);
    expect(sent.slice(-2)).toEqual(['again:l2', 'again:l2']);
    close();
  });
});
