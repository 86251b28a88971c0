import { ApiError } from '@dance/api-client';
import type { TAdminCategory } from '@dance/domain';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useMoveCategoryVideos, useRemoveCategory } from './queries';

interface MoveVideosDialogProps {
  /** The category to remove, which still holds videos; null when closed. */
  category: TAdminCategory | null;
  categories: readonly TAdminCategory[];
  onClose: () => void;
  onDone: (text: string) => void;
}

/**
 * A category that still holds videos is removed in two steps (issue 22 item 11): its videos move to the
 * category chosen here, then it goes.
 */
export function MoveVideosDialog({ category, categories, onClose, onDone }: MoveVideosDialogProps) {
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = useMoveCategoryVideos();
  const remove = useRemoveCategory();
  useEffect(() => {
    setTarget(null);
    setError(null);
  }, [category?.id]);
  if (!category) return <Modal opened={false} onClose={onClose} title="" />;
  const count = category.videoCount;
  const options = categories
    .filter((c) => c.id !== category.id)
    .map((c) => ({ value: c.id, label: `${c.name} (${c.videoCount})` }));

  async function handleMove() {
    if (!category) return;
    if (!target) {
      setError('Choose the category to move the videos to');
      return;
    }
    setError(null);
    try {
      const moved = await move.mutateAsync({ id: category.id, toCategoryId: target });
      await remove.mutateAsync(category.id);
      onDone(`${moved.message}; category "${category.name}" removed`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
      setError(
        `The category could not be removed: ${e instanceof Error && e.message ? e.message : 'try again.'}`,
      );
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text fw={800} fz="lg">
          Move the videos of "{category.name}"
        </Text>
      }
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm">
          "{category.name}" still holds {count === 1 ? '1 video' : `${count} videos`}. Choose where they go;
          the category is removed once they are moved.
        </Text>
        <Select
          label="Move the videos to"
          placeholder="Choose a category"
          data={options}
          value={target}
          onChange={setTarget}
          error={error && !target ? error : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        {error && target && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={handleMove} loading={move.isPending || remove.isPending}>
            Move and remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
