import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useDelegatedTooltip } from './DelegatedTooltip';

function Toolbar({ onRename }: { onRename: () => void }) {
  const tips = useDelegatedTooltip();
  return (
    <div {...tips.containerProps}>
      {tips.tooltip}
      <button type="button">Before</button>
      <button type="button" data-tooltip="Rename the section" aria-label="Rename" onClick={onRename}>
        <svg aria-hidden="true" />
      </button>
      <button type="button" data-tooltip="Delete the section" aria-label="Delete">
        D
      </button>
      <button type="button">No tip</button>
    </div>
  );
}

describe('useDelegatedTooltip', () => {
  it('shows the text of the element under the pointer, follows it to the next one, and hides on leaving', async () => {
    const user = userEvent.setup();
    render(<Toolbar onRename={() => undefined} />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    // over the button's icon: the event comes from inside the button
    await user.hover(screen.getByRole('button', { name: 'Rename' }).querySelector('svg')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Rename the section');
    await user.hover(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Delete the section'));
    await user.hover(screen.getByRole('button', { name: 'No tip' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows on keyboard focus, hides on blur, and a click still acts (and hides it)', async () => {
    const user = userEvent.setup();
    const onRename = vi.fn();
    render(<Toolbar onRename={onRename} />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Rename the section');
    await user.keyboard('{Enter}');
    expect(onRename).toHaveBeenCalledTimes(1);
    await user.tab();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Delete the section'));
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
