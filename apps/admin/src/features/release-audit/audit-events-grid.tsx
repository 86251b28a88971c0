import {
  AUDIT_GRID_HEIGHT,
  AUDIT_MESSAGES,
  AUDIT_PAGE_SIZES,
  auditStatusTone,
  type TAuditEventsPage,
} from '@dance/domain';
import { Alert, Badge, Box, Center, Group, Loader, Paper, Select, Table, Text, Title } from '@mantine/core';
import { WindowPagination } from '../../components/window-pagination';
import { formatDateTime } from './range';

/**
 * Spec 3 §9 status colours: ok green, error red, retry yellow. Filled, in shades whose label (white, or dark on
 * yellow) keeps AA contrast in light and dark schemes.
 */
const TONE_COLOR = { success: 'teal.9', error: 'red.9', warning: 'yellow.4', neutral: 'gray.7' } as const;

export function StatusBadge({ status }: { status: string }) {
  const tone = auditStatusTone(status);
  return (
    <Badge color={TONE_COLOR[tone]} variant="filled" autoContrast data-tone={tone}>
      {status}
    </Badge>
  );
}

interface AuditEventsGridProps {
  data: TAuditEventsPage | undefined;
  isPending: boolean;
  isError: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

const COLUMNS = [
  'Time (New York)',
  'Status',
  'Event',
  'Field type',
  'Item',
  'Duration',
  'Attempts',
  'Message',
  'Worker',
];

/** The events of the range, newest first: a grid of fixed height (500) with its own scroll, paged 10–100. */
export function AuditEventsGrid({
  data,
  isPending,
  isError,
  page,
  pageSize,
  onPage,
  onPageSize,
}: AuditEventsGridProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="audit-events-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="audit-events-title">
          Events
        </Title>
        <Select
          label="Rows per page"
          size="xs"
          w={130}
          data={AUDIT_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {AUDIT_MESSAGES.failedToLoad}
        </Alert>
      ) : isPending && !data ? (
        <Center h={AUDIT_GRID_HEIGHT}>
          <Loader role="status" aria-label="Loading events" />
        </Center>
      ) : !data || data.items.length === 0 ? (
        <Center h={120}>
          <Text>{AUDIT_MESSAGES.noData}</Text>
        </Center>
      ) : (
        <>
          <Box
            h={AUDIT_GRID_HEIGHT}
            style={{ overflow: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Events grid"
          >
            <Table
              stickyHeader
              striped
              highlightOnHover
              miw={1100}
              verticalSpacing="xs"
              aria-label="Audit events"
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</Table.Td>
                    <Table.Td style={{ minWidth: 88 }}>
                      <StatusBadge status={e.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.event}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.fieldType}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" truncate maw={140} title={e.itemId ?? undefined}>
                        {e.itemId ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.durationMs} ms</Table.Td>
                    <Table.Td>{e.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={e.error ? 500 : undefined} lineClamp={2} maw={320}>
                        {e.error ?? e.message ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {e.workerId}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <WindowPagination
            page={page}
            total={data.total}
            pageSize={pageSize}
            onChange={onPage}
            noun="events"
          />
        </>
      )}
    </Paper>
  );
}
