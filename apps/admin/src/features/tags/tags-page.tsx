import { ApiError } from '@dance/api-client';
import { MESSAGES, type TAdminTag } from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import { Button, ColorInput, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { type FormEvent, useCallback, useState } from 'react';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useAddTag, useAdminTags, useDeleteTag, useUpdateTag } from './queries';
import { TAG_SWATCHES, TagRow } from './tag-row';

const NEW_TAG_COLOR = '#1c7ed6';

const isSessionLost = (error: unknown) => error instanceof ApiError && error.status === 401;

/** /AdminDashboard/TagManagement: tags with colour picker and priority selects (spec 3 §2, §8, §9). */
export function TagsPage() {
  const tags = useAdminTags();
  const addTag = useAddTag();
  const updateTag = useUpdateTag();
  const deleteTag = useDeleteTag();
  const [name, setName] = useState('');
  const [color, setColor] = useState(NEW_TAG_COLOR);
  const [nameError, setNameError] = useState<string | null>(null);
  /** Rows whose typed colour is not saved yet (an incomplete or unconfirmed hex value). */
  const [editedRows, setEditedRows] = useState<ReadonlySet<string>>(new Set());
  const onRowEdited = useCallback((id: string, isEdited: boolean) => {
    setEditedRows((rows) => {
      if (rows.has(id) === isEdited) return rows;
      const next = new Set(rows);
      if (isEdited) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // A new tag typed but not added, or a row's colour typed but not saved, is lost on leaving: ask first.
  useUnsavedChangesGuard(name.trim() !== '' || color !== NEW_TAG_COLOR || editedRows.size > 0);

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Please enter a tag name');
      return;
    }
    addTag.mutate(
      { name: name.trim(), color },
      {
        onSuccess: (tag) => {
          setName('');
          setColor(NEW_TAG_COLOR);
          toast.success(`Tag "${tag.name}" added`);
        },
        onError: (error) => {
          if (isSessionLost(error)) return;
          if (error instanceof ApiError && error.status === 409) setNameError(MESSAGES.tagAlreadyExists);
          else toast.failure('The tag was not saved', error);
        },
      },
    );
  }

  const reportUpdateError = (error: Error) => {
    if (isSessionLost(error)) return;
    toast.failure(
      error instanceof ApiError && error.status === 404 ? MESSAGES.tagNotFound : 'The tag was not saved',
      error instanceof ApiError && error.status === 404 ? undefined : error,
    );
  };

  async function handleDelete(tag: TAdminTag) {
    const isConfirmed = await confirm({
      title: 'Delete this tag?',
      message:
        tag.videoCount > 0
          ? `"${tag.name}" is removed from ${tag.videoCount} video${tag.videoCount === 1 ? '' : 's'}, and the tags after it move up one priority.`
          : `"${tag.name}" will be deleted and the tags after it move up one priority.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    deleteTag.mutate(tag.id, {
      onSuccess: () => toast.success(`Tag "${tag.name}" deleted`),
      onError: reportUpdateError,
    });
  }

  const items = tags.data?.items ?? [];
  const priorities = items.map((_, i) => String(i + 1));

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz="h2">
          Tags
        </Title>
        <Text c="dimmed" size="sm">
          Priority orders the tags on every card (1 shows first). Moving a tag shifts the others; colours show
          on cards and filters.
        </Text>
      </div>

      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <form onSubmit={handleAdd} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              flex="1 1 240px"
              label="New tag"
              placeholder="e.g. Turns"
              value={name}
              maxLength={40}
              error={nameError}
              onChange={(event) => {
                setName(event.currentTarget.value);
                if (nameError) setNameError(null);
              }}
            />
            <ColorInput
              w={{ base: '100%', xs: 180 }}
              label="Colour"
              value={color}
              onChange={setColor}
              swatches={TAG_SWATCHES}
              swatchesPerRow={6}
              format="hex"
            />
            <Button
              type="submit"
              size="md"
              mt={{ base: 0, xs: 25 }}
              loading={addTag.isPending}
              leftSection={<IconPlus size={18} />}
            >
              Add tag
            </Button>
          </Group>
        </form>
      </Paper>

      <ListCard
        noun="tags"
        failure={tags.isError ? <ListLoadFailed noun="tags" message={tags.error.message} /> : null}
        isLoading={!tags.data}
        isEmpty={items.length === 0}
        emptyIcon={<IconTags size={32} stroke={1.5} />}
        skeletonRows={6}
        skeletonHeight={36}
      >
        {() => (
          <ListTable
            label="Tags"
            minWidth={620}
            columns={['Priority', 'Tag', 'Colour', 'Videos']}
            verticalSpacing="xs"
          >
            {items.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                priorities={priorities}
                isBusy={updateTag.isPending}
                onPriority={(t, priority) =>
                  updateTag.mutate(
                    { id: t.id, body: { priority } },
                    {
                      onSuccess: () => toast.success(`"${t.name}" is now priority ${priority}`),
                      onError: reportUpdateError,
                    },
                  )
                }
                onColor={(t, next) =>
                  updateTag.mutate({ id: t.id, body: { color: next } }, { onError: reportUpdateError })
                }
                onDelete={handleDelete}
                onEdited={onRowEdited}
              />
            ))}
          </ListTable>
        )}
      </ListCard>
    </Stack>
  );
}
