import { TRC_CATEGORIES, TRC_MESSAGES, type TTrcAdminCard } from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconFileTypePdf, IconPlus, IconSearch, IconTrash, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDeleteTrcContent, useTrcContentList } from './queries';
import classes from './trc.module.css';

const categoryName = (id: string) => TRC_CATEGORIES.find((c) => c.id === id)?.name ?? id;
const formatDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const formatDuration = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

function ContentCard({ item }: { item: TTrcAdminCard }) {
  const remove = useDeleteTrcContent();

  async function handleDelete() {
    const isConfirmed = await confirm({
      title: 'Delete TRC content?',
      message: `“${item.title}” will be removed from the Teacher Resource Center.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(item.id, {
      onSuccess: () => toast.success('Content deleted'),
      onError: (error) => toast.error(error.message || TRC_MESSAGES.somethingWentWrong),
    });
  }

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={item.title}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {item.thumbnailUrl ? (
            <Image src={item.thumbnailUrl} alt="" fit="cover" />
          ) : (
            <Stack
              align="center"
              justify="center"
              bg="var(--mantine-color-default-hover)"
              className={classes.muted}
            >
              {item.fileType === 'pdf' ? <IconFileTypePdf size={40} /> : <IconVideo size={40} />}
            </Stack>
          )}
        </AspectRatio>
      </Card.Section>
      <Group gap={6} mt="sm">
        <Badge
          variant="default"
          leftSection={item.fileType === 'pdf' ? <IconFileTypePdf size={12} /> : <IconVideo size={12} />}
        >
          {item.fileType === 'pdf'
            ? `PDF · ${item.pages ?? 0} pages`
            : `Video · ${formatDuration(item.durationSeconds ?? 0)}`}
        </Badge>
        {item.categories.map((c) => (
          <Badge key={c} variant="default">
            {categoryName(c)}
          </Badge>
        ))}
      </Group>
      <Text fw={600} mt="xs" lineClamp={2}>
        {item.title}
      </Text>
      <Text size="sm" className={classes.muted}>
        {item.isReleased
          ? `Released ${formatDate(item.releaseDate)}`
          : `Releases ${formatDate(item.releaseDate)}`}
      </Text>
      {!item.isReleased && (
        <Badge mt={6} color="orange.3" variant="filled" autoContrast>
          Hidden from members until then
        </Badge>
      )}
      <Group gap="xs" mt="md">
        <Button
          component={Link}
          to={`/AdminDashboard/TRC-edit/${item.id}`}
          variant="default"
          size="xs"
          leftSection={<IconEdit size={14} />}
          aria-label={`Edit ${item.title}`}
        >
          Edit
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={handleDelete}
          loading={remove.isPending}
          aria-label={`Delete ${item.title}`}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** /AdminDashboard/TRC-content (also trc-content): TRC content as cards with Edit and Delete. */
export function TrcContentPage() {
  const [type, setType] = useState<'all' | 'pdf' | 'video'>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const list = useTrcContentList({ type, search: debounced || undefined });
  return (
    <Stack maw={1280} mx="auto" gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            TRC content
          </Title>
          <Text className={classes.muted} mt={4}>
            Lesson plans, teaching videos and resources of the Teacher Resource Center.
          </Text>
        </div>
        <Button component={Link} to="/AdminDashboard/TRC-add" leftSection={<IconPlus size={16} />}>
          Add content
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          aria-label="Content type"
          value={type}
          onChange={(v) => setType(v as typeof type)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'pdf', label: 'PDF' },
            { value: 'video', label: 'Video' },
          ]}
        />
        <TextInput
          aria-label="Search content"
          placeholder="Search content"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
          maxLength={100}
        />
      </Group>
      {list.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading content" />
        </Group>
      )}
      {list.isError && (
        <Alert color="red" variant="light" role="alert">
          {TRC_MESSAGES.fetchContentFailed}
        </Alert>
      )}
      {list.data && list.data.items.length === 0 && (
        <Text className={classes.muted} ta="center" py="xl">
          {TRC_MESSAGES.noItems}
        </Text>
      )}
      {list.data && list.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
          {list.data.items.map((item) => (
            <ContentCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
