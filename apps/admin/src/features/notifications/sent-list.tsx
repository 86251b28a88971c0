import { GROUP_STATUS_LABELS, NOTIFICATION_PAGE_SIZE, type TSentNotification } from '@dance/domain';
import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable } from '../../components/list-table';
import { WindowPagination } from '../../components/window-pagination';
import { useSentNotifications } from './queries';

const sentFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function audienceOf(n: TSentNotification): string {
  if (n.audience.type === 'all') return n.source === 'schedule' ? 'Everyone (weekly)' : 'Everyone';
  if (n.audience.type === 'status') return `Group: ${GROUP_STATUS_LABELS[n.audience.status]}`;
  return 'Selected members';
}

const STATE_LABELS: Record<TSentNotification['state'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  done: 'Sent',
  failed: 'Failed',
};

/** Sent notifications with recipients (inbox), push deliveries, push failures and opens. */
export function SentList() {
  const [page, setPage] = useState(1);
  const sent = useSentNotifications(page);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Sent notifications
        </Title>
        {sent.isPending && (
          <Group justify="center" py="md">
            <Loader role="status" aria-label="Loading sent notifications" />
          </Group>
        )}
        {sent.isError && (
          <Alert color="red" variant="light" role="alert">
            {sent.error.message}
          </Alert>
        )}
        {sent.data && sent.data.items.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            No items found.
          </Text>
        )}
        {sent.data && sent.data.items.length > 0 && (
          <>
            <ListTable
              label="Sent notifications"
              minWidth={860}
              columns={['Notification', 'Audience', 'Sent', 'Recipients', 'Delivered', 'Failed', 'Opened']}
              actionsWidth={100}
            >
              {sent.data.items.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td maw={320}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {n.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {n.body}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{audienceOf(n)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {sentFormat.format(new Date(n.createdAt))}
                    </Text>
                  </Table.Td>
                  <Table.Td>{n.recipients.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{n.delivered.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{n.failed.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{n.opened.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>
                    <Badge variant="default">{STATE_LABELS[n.state]}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Text size="xs" c="dimmed">
              Recipients got it in their in-app inbox; delivered and failed count pushes to devices; opened
              counts members who clicked it.
            </Text>
            <WindowPagination
              page={page}
              total={sent.data.total}
              pageSize={NOTIFICATION_PAGE_SIZE}
              onChange={setPage}
              noun="notifications"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
