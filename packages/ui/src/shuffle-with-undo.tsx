import { PLAYLIST_LIMITS, shuffleItems } from '@dance/domain';
import { Button, Group, Paper, Text } from '@mantine/core';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

interface PendingShuffle<T> {
  prior: T[];
  shuffled: T[];
}

/**
 * Unsaved shuffles by list id, for the page's life: switching to another playlist (which unmounts its list)
 * and coming back finds the shuffled order with its Save and Undo still offered (issue 22 item 8).
 */
const pendingByList = new Map<string, PendingShuffle<unknown>>();

interface ShuffleWithUndoOptions<T> {
  /** Names the prompt, so two lists on one page keep their own. */
  listId: string;
  order: T[];
  setOrder: (order: T[]) => void;
  /**
   * Save in the prompt: persist the shuffled order. When it returns a promise, the prompt stays until it
   * resolves, and stays after a rejection so Save can be tried again (or Undo chosen).
   */
  onSave: (shuffled: T[]) => unknown;
  /** Undo in the prompt, after the prior order is shown again (e.g. reload the list). */
  onUndo?: () => void;
}

/**
 * Shuffle as spec 1 §4 and spec 3 §4 describe it, for member and admin playlists alike: a random order shown at
 * once, a prompt offering Save or Undo (Undo restores the prior order; nothing is saved unless Save is pressed),
 * and the shuffle button locked for 7 s. The prompt sits above the list and stays until Save or Undo is chosen
 * (issue 22 item 8: a 5 s toast left an unsaved order with no way to save or undo it). Shuffling again before
 * choosing keeps the first prior order for Undo. The unsaved shuffle outlives the list: shown again, with its
 * prompt, when the list with the same id mounts again.
 */
export function useShuffleWithUndo<T>({
  listId,
  order,
  setOrder,
  onSave,
  onUndo,
}: ShuffleWithUndoOptions<T>) {
  const [isLocked, setIsLocked] = useState(false);
  const [pending, setPendingState] = useState(
    () => (pendingByList.get(listId) as PendingShuffle<T> | undefined) ?? null,
  );
  const [isSaving, setIsSaving] = useState(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (lockTimer.current && clearTimeout(lockTimer.current)), []);
  // Back on a list left with an unsaved shuffle: its shuffled order again, before the first paint.
  const restored = useRef(pending);
  useLayoutEffect(() => {
    if (restored.current) setOrder(restored.current.shuffled);
    restored.current = null;
  }, [setOrder]);

  function setPending(next: PendingShuffle<T> | null) {
    if (next) pendingByList.set(listId, next);
    else pendingByList.delete(listId);
    setPendingState(next);
  }

  function shuffle() {
    const shuffled = shuffleItems(order);
    setPending({ prior: pending?.prior ?? order, shuffled });
    setOrder(shuffled);
    setIsLocked(true);
    lockTimer.current = setTimeout(() => setIsLocked(false), PLAYLIST_LIMITS.shuffleLockoutMs);
  }

  async function save() {
    if (!pending) return;
    setIsSaving(true);
    try {
      await onSave(pending.shuffled);
      setPending(null);
    } catch {
      // The caller tells what failed; the prompt stays so the order can still be saved or undone.
    } finally {
      setIsSaving(false);
    }
  }

  function undo() {
    if (!pending) return;
    setOrder(pending.prior);
    setPending(null);
    onUndo?.();
  }

  const prompt: ReactNode = pending ? (
    <Paper withBorder radius="sm" px="sm" py={6} role="group" aria-label="Unsaved shuffle" data-list={listId}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm">Shuffled. Save this order?</Text>
        <Group gap={6}>
          <Button size="compact-sm" onClick={() => void save()} loading={isSaving}>
            Save
          </Button>
          <Button size="compact-sm" variant="default" onClick={undo} disabled={isSaving}>
            Undo
          </Button>
        </Group>
      </Group>
    </Paper>
  ) : null;

  return { shuffle, isShuffleLocked: isLocked, isShufflePending: pending !== null, shufflePrompt: prompt };
}
