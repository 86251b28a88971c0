import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShuffleWithUndo } from './shuffle-with-undo';
import { theme } from './theme';

const ITEMS = Array.from({ length: 12 }, (_, i) => `video ${i + 1}`);

function ShuffleList({ onSave, onUndo }: { onSave: (order: string[]) => unknown; onUndo?: () => void }) {
  const [order, setOrder] = useState(ITEMS);
  const { shuffle, isShuffleLocked, shufflePrompt } = useShuffleWithUndo({
    listId: 'list',
    order,
    setOrder,
    onSave,
    onUndo,
  });
  return (
    <>
      <button type="button" onClick={shuffle} disabled={isShuffleLocked}>
        Shuffle
      </button>
      {shufflePrompt}
      <ol aria-label="order">{order.join(',')}</ol>
    </>
  );
}

function renderList(props: { onSave: (order: string[]) => unknown; onUndo?: () => void }) {
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <ShuffleList {...props} />
    </MantineProvider>,
  );
}

const shownOrder = () => screen.getByRole('list', { name: 'order' }).textContent?.split(',') ?? [];

afterEach(() => vi.useRealTimers());

describe('useShuffleWithUndo', () => {
  it('shows a new order, saves it from the prompt and locks the button for 7 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSave = vi.fn();
    renderList({ onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    const shuffled = shownOrder();
    expect([...shuffled].sort()).toEqual([...ITEMS].sort());
    expect(shuffled).not.toEqual(ITEMS);
    expect(screen.getByRole('button', { name: 'Shuffle' })).toBeDisabled();

    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(shuffled);

    act(() => vi.advanceTimersByTime(6_900));
    expect(screen.getByRole('button', { name: 'Shuffle' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Shuffle' })).toBeEnabled();
  });

  it('Undo brings the prior order back and saves nothing', async () => {
    const onSave = vi.fn();
    const onUndo = vi.fn();
    renderList({ onSave, onUndo });
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    expect(shownOrder()).not.toEqual(ITEMS);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(shownOrder()).toEqual(ITEMS);
    expect(onUndo).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps Save and Undo until one is chosen, and through a failed save (issue 22 item 8)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSave = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    renderList({ onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    const first = shownOrder();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    // Shuffling again before choosing keeps the first prior order for Undo.
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    expect(shownOrder()).not.toEqual(first);
    const second = shownOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => {});
    expect(onSave).toHaveBeenLastCalledWith(second);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(shownOrder()).toEqual(second);
  });

  it('Undo after two shuffles restores the order from before the first', () => {
    renderList({ onSave: vi.fn() });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    act(() => vi.advanceTimersByTime(7_100));
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(shownOrder()).toEqual(ITEMS);
  });

  it('an unsaved shuffle outlives its list: shown again with Save and Undo when the list comes back', async () => {
    const onSave = vi.fn();
    const first = renderList({ onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    const shuffled = shownOrder();
    // Another playlist selected: this list unmounts with its shuffle unsaved.
    first.unmount();
    renderList({ onSave });
    expect(shownOrder()).toEqual(shuffled);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(shownOrder()).toEqual(ITEMS);
    expect(onSave).not.toHaveBeenCalled();
  });
});
