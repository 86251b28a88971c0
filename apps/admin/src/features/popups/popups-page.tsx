import {
  CONTENT_MESSAGES,
  formatInNewYork,
  PUBLICATION_COLORS,
  PUBLICATION_LABELS,
  popupPublication,
  type TAdminPopup,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDeletePopup, usePopups } from './queries';

/** Where a popup stands now: a draft, scheduled, live or ended (the same states as banners). */
function statusOf(p: TAdminPopup): { label: string; color: string } {
  const state = popupPublication(p);
  return { label: PUBLICATION_LABELS[state], color: PUBLICATION_COLORS[state] };
}

function PopupRow({ popup }: { popup: TAdminPopup }) {
  const remove = useDeletePopup();
  const status = statusOf(popup);
  async function handleDelete() {
    const isConfirmed = await confirm({
      title: 'Delete popup?',
      message: `“${popup.headerText}” will no longer be shown to members.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (isConfirmed)
      remove.mutate(popup.id, {
        onSuccess: () => toast.success('Popup deleted'),
        onError: (error) => toast.failure('The popup was not deleted', error),
      });
  }
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {popup.headerText}
        </Text>
        {popup.description && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
            {popup.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatInNewYork(popup.startAt)}</Text>
        <Text size="sm" c="dimmed">
          to {formatInNewYork(popup.endAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {popup.deviceVisibility.includes('desktop') && (
            <Tooltip label="Desktop">
              <IconDeviceDesktop size={18} aria-label="Desktop" />
            </Tooltip>
          )}
          {popup.deviceVisibility.includes('mobile') && (
            <Tooltip label="Mobile">
              <IconDeviceMobile size={18} aria-label="Mobile" />
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{popup.viewCount}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            component={Link}
            to={`/AdminDashboard/edit-popup/${popup.id}`}
            variant="subtle"
            aria-label={`Edit ${popup.headerText}`}
          >
            <IconEdit size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${popup.headerText}`}
            onClick={handleDelete}
            loading={remove.isPending}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /AdminDashboard/popup (also Popup): the Popups List, with Add Popup. Dates are shown in New York time. */
export function PopupsPage() {
  const popups = usePopups();
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Popups List
          </Title>
          <Text c="dimmed" mt={4}>
            Members see the active popup for their device once per visit. Times are New York time.
          </Text>
        </div>
        <Button component={Link} to="/AdminDashboard/add-popup" leftSection={<IconPlus size={16} />}>
          Add Popup
        </Button>
      </Group>
      {popups.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading popups" />
        </Group>
      )}
      {popups.isError && (
        <Alert color="red" variant="light" role="alert">
          {CONTENT_MESSAGES.popupFetchError(popups.error.message)}
        </Alert>
      )}
      {popups.data && popups.data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No items found.
        </Text>
      )}
      {popups.data && popups.data.items.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Header text</Table.Th>
                  <Table.Th>Shown (New York time)</Table.Th>
                  <Table.Th>Devices</Table.Th>
                  <Table.Th miw={110}>Status</Table.Th>
                  <Table.Th ta="right">Views</Table.Th>
                  <Table.Th>
                    <span className="mantine-visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {popups.data.items.map((popup) => (
                  <PopupRow key={popup.id} popup={popup} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
