import { ApiError } from '@dance/api-client';
import {
  capitalizeCategory,
  categoryPlacesText,
  MESSAGES,
  startsWithLetter,
  type TAdminCategory,
} from '@dance/domain';
import { confirm } from '@dance/ui';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCategory, IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { MoveVideosDialog } from './move-videos-dialog';
import { useAddCategory, useAdminCategories, useRemoveCategory } from './queries';
import { useTimedMessage } from './use-timed-message';

/** /AdminDashboard/AddCategory: the category list, add and remove (spec 3 §2, §5, §8). */
export function CategoriesPage() {
  const categories = useAdminCategories();
  const categoryItems = categories.data?.items ?? [];
  const addCategory = useAddCategory();
  const removeCategory = useRemoveCategory();
  const { message, show } = useTimedMessage();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [moving, setMoving] = useState<TAdminCategory | null>(null);
  // A typed name not added yet is lost on leaving: ask first (issue 22 item 9).
  useUnsavedChangesGuard(name.trim() !== '');

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldError('Please enter a category name');
      return;
    }
    if (!startsWithLetter(trimmed)) {
      setFieldError(MESSAGES.categoryFirstCharNotLetter);
      return;
    }
    setFieldError(null);
    addCategory.mutate(capitalizeCategory(trimmed), {
      onSuccess: (created) => {
        setName('');
        show({
          tone: 'success',
          text: `Category "${created.name}" added. ${categoryPlacesText(created.name, created.routePath)}`,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        // The spec's text, with the server's reason when it is one the admin can act on (a duplicate).
        const reason = error instanceof ApiError && error.status === 409 ? `: ${error.message}` : '';
        show({ tone: 'error', text: `${MESSAGES.failedToAddCategory}${reason}` });
      },
    });
  }

  async function handleRemove(category: TAdminCategory) {
    const { id, name: categoryName } = category;
    // A category that holds videos is not removed until they are moved (issue 22 item 11).
    if (category.videoCount > 0) {
      setMoving(category);
      return;
    }
    const isConfirmed = await confirm({
      title: 'Remove this category?',
      message: `"${categoryName}" will be removed.`,
      confirmLabel: 'Remove',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    removeCategory.mutate(id, {
      onSuccess: () => show({ tone: 'success', text: `Category "${categoryName}" removed` }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        const reason = error instanceof ApiError && error.status === 409 ? `: ${error.message}` : '';
        show({ tone: 'error', text: `${MESSAGES.failedToRemoveCategory}${reason}` });
      },
    });
  }

  const preview = name.trim() && startsWithLetter(name) ? capitalizeCategory(name) : null;

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} fz="h2">
          Categories
        </Title>
        <Text c="dimmed" size="sm">
          Sections of the library. Names start with a letter and are saved with a capital first letter.
        </Text>
      </div>

      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <form onSubmit={handleAdd} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              flex="1 1 260px"
              label="New category"
              placeholder="e.g. Stretching"
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                if (fieldError) setFieldError(null);
              }}
              error={fieldError}
              description={preview && preview !== name.trim() ? `Will be saved as "${preview}"` : undefined}
              maxLength={60}
            />
            <Button
              type="submit"
              size="md"
              mt={{ base: 0, xs: 25 }}
              loading={addCategory.isPending}
              leftSection={<IconPlus size={18} />}
            >
              Add category
            </Button>
          </Group>
        </form>
        {message && (
          <Alert
            mt="md"
            variant="light"
            color={message.tone === 'success' ? 'teal' : 'red'}
            icon={message.tone === 'success' ? <IconCheck /> : <IconAlertTriangle />}
            role={message.tone === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </Alert>
        )}
      </Paper>

      <ListCard
        noun="categories"
        failure={
          categories.isError ? <ListLoadFailed noun="categories" message={categories.error.message} /> : null
        }
        isLoading={!categories.data}
        isEmpty={categoryItems.length === 0}
        emptyIcon={<IconCategory size={32} stroke={1.5} />}
        skeletonRows={4}
        skeletonHeight={36}
      >
        {() => (
          <ListTable label="Categories" minWidth={300} columns={['Name', 'Videos']} actionsWidth={80}>
            {categoryItems.map((category) => (
              <Table.Tr key={category.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={600}>{category.name}</Text>
                    {category.routePath && (
                      <Badge variant="light" color="gray" size="sm" tt="none">
                        {category.routePath}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text c="dimmed">{category.videoCount}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${category.name}`}
                      onClick={() => handleRemove(category)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
      <MoveVideosDialog
        category={moving}
        categories={categoryItems}
        onClose={() => setMoving(null)}
        onDone={(text) => {
          setMoving(null);
          show({ tone: 'success', text });
        }}
      />
    </Stack>
  );
}
