import {
  bannerPublication,
  CONTENT_MESSAGES,
  PUBLICATION_COLORS,
  PUBLICATION_LABELS,
  type TAdminBanner,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit, IconEye, IconEyeOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBanners, useDeleteBanner, useSetBannerStatus } from './queries';

const formatDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

function BannerCard({ banner }: { banner: TAdminBanner }) {
  const setStatus = useSetBannerStatus();
  const state = bannerPublication(banner);
  const remove = useDeleteBanner();

  async function handleDelete() {
    const isConfirmed = await confirm({
      title: 'Delete banner?',
      message: `“${banner.title}” will no longer be shown to members.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(banner.id, {
      onSuccess: () => toast.success('Banner deleted'),
      onError: (error) => toast.failure('The banner was not deleted', error),
    });
  }

  return (
    <Card withBorder radius="md" padding="md" aria-label={banner.title} component="article">
      <Card.Section>
        <Image src={banner.imageUrl} alt="" style={{ aspectRatio: '16 / 5' }} fit="cover" />
      </Card.Section>
      <Group justify="space-between" mt="md" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {banner.title}
          </Text>
          <Text size="sm" c="dimmed">
            {banner.showImmediately
              ? 'Shows immediately'
              : `Release date ${formatDate(banner.releaseDate)} (New York)`}
          </Text>
        </div>
        <Badge color={PUBLICATION_COLORS[state]} variant="light" style={{ flexShrink: 0 }}>
          {PUBLICATION_LABELS[state]}
        </Badge>
      </Group>
      <Group gap="xs" mt="md">
        <Button
          component={Link}
          to={`/AdminDashboard/edit-banner/${banner.id}`}
          variant="default"
          size="xs"
          leftSection={<IconEdit size={14} />}
        >
          Edit
        </Button>
        <Button
          variant="light"
          size="xs"
          color={banner.isActive ? 'gray' : 'teal'}
          leftSection={banner.isActive ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          loading={setStatus.isPending}
          onClick={() =>
            setStatus.mutate(
              { id: banner.id, isActive: !banner.isActive },
              { onError: (error) => toast.failure(CONTENT_MESSAGES.bannerSubmitError, error) },
            )
          }
        >
          {banner.isActive ? 'Unpublish' : 'Publish'}
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={handleDelete}
          loading={remove.isPending}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** /AdminDashboard/banners: the banner list with Edit, Delete, Publish/Unpublish and Add Banner. */
export function BannersPage() {
  const banners = useBanners();
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Banners
          </Title>
          <Text c="dimmed" mt={4}>
            Members see the newest published banner whose release date has come on the home page.
          </Text>
        </div>
        <Button component={Link} to="/AdminDashboard/add-banner" leftSection={<IconPlus size={16} />}>
          Add Banner
        </Button>
      </Group>
      {banners.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading banners" />
        </Group>
      )}
      {banners.isError && (
        <Alert color="red" variant="light" role="alert">
          {CONTENT_MESSAGES.bannerFetchError(banners.error.message)}
        </Alert>
      )}
      {banners.data && banners.data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No items found.
        </Text>
      )}
      {banners.data && banners.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {banners.data.items.map((banner) => (
            <BannerCard key={banner.id} banner={banner} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
