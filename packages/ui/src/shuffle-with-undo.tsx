import { PLAYLIST_LIMITS, shuffleItems } from '@dance/domain';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';

interface ShuffleWithUndoOptions<T> {
  /** Names the prompt, so two lists on one page keep their own. */
  listId: string;
  order: T[];
  setOrder: (order: T[]) => void;
  /** Save in the prompt: persist the shuffled order. */
  onSave: (shuffled: T[]) => void;
  /** Undo in the prompt, after the prior order is shown again (e.g. reload the list). */
  onUndo?: () => void;
}

/**
 * Shuffle as spec 1 §4 and spec 3 §4 describe it, for member and admin playlists alike: a random order shown at
 * once, a 5 s prompt offering Save or Undo (Undo restores the prior order; nothing is saved unless Save is
 * pressed), and the shuffle button locked for 7 s.
 */
export function useShuffleWithUndo<T>({
  listId,
  order,
  setOrder,
  onSave,
  onUndo,
}: ShuffleWithUndoOptions<T>) {
  const [isLocked, setIsLocked] = useState(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (lockTimer.current && clearTimeout(lockTimer.current)), []);

  function shuffle() {
    const prior = order;
    const shuffled = shuffleItems(order);
    setOrder(shuffled);
    setIsLocked(true);
    lockTimer.current = setTimeout(() => setIsLocked(false), PLAYLIST_LIMITS.shuffleLockoutMs);
    const id = `shuffle-${listId}-${Date.now()}`;
    notifications.show({
      id,
      autoClose: PLAYLIST_LIMITS.shufflePromptMs,
      message: (
        <Group justify="space-between" gap="xs">
          <Text fz="sm">Shuffled. Save this order?</Text>
          <Group gap={6}>
            <Button
              size="compact-sm"
              onClick={() => {
                notifications.hide(id);
                onSave(shuffled);
              }}
            >
              Save
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                notifications.hide(id);
                setOrder(prior);
                onUndo?.();
              }}
            >
              Undo
            </Button>
          </Group>
        </Group>
      ),
    });
  }

  return { shuffle, isShuffleLocked: isLocked };
}
