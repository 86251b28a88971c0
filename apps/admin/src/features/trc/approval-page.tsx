import {
  TRC_FORM_ROLES,
  TRC_MESSAGES,
  TRC_ROLE_LABELS,
  type TrcAccessStatus,
  type TrcRole,
  type TTrcApplication,
} from '@dance/domain';
import { toast } from '@dance/ui';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch, IconUserCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { WindowPagination } from '../../components/window-pagination';
import { useApplications, useDecide } from './queries';
import classes from './trc.module.css';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<TrcAccessStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};
const STATUS_LABELS: Record<TrcAccessStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

function ApplicationRow({ application }: { application: TTrcApplication }) {
  const decide = useDecide();
  const [deciding, setDeciding] = useState<'approved' | 'rejected' | null>(null);

  function handleDecide(status: 'approved' | 'rejected') {
    setDeciding(status);
    decide.mutate(
      { id: application.id, status },
      {
        onSuccess: () => toast.success(status === 'approved' ? 'Access approved' : 'Access rejected'),
        onError: () =>
          toast.error(status === 'approved' ? TRC_MESSAGES.approveFailed : TRC_MESSAGES.rejectFailed),
        onSettled: () => setDeciding(null),
      },
    );
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {application.name}
        </Text>
        <Text size="xs" className={classes.muted}>
          {application.email}
        </Text>
        <Text size="xs" className={classes.muted}>
          Requested {formatDate(application.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td maw={220}>
        <Anchor
          href={application.link}
          target="_blank"
          rel="noopener noreferrer nofollow"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {application.link.replace(/^https?:\/\/(www\.)?/, '')}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{application.roles.map((role) => TRC_ROLE_LABELS[role]).join(', ')}</Text>
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" lineClamp={3}>
          {application.gain || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          color={STATUS_COLORS[application.status]}
          variant="filled"
          autoContrast
          style={{ overflow: 'visible' }}
        >
          {STATUS_LABELS[application.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {application.status === 'pending' && (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button
              size="xs"
              color="teal.9"
              leftSection={<IconCheck size={14} />}
              loading={deciding === 'approved'}
              disabled={deciding !== null}
              onClick={() => handleDecide('approved')}
              aria-label={`Approve ${application.name}`}
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} />}
              loading={deciding === 'rejected'}
              disabled={deciding !== null}
              onClick={() => handleDecide('rejected')}
              aria-label={`Reject ${application.name}`}
            >
              Reject
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /AdminDashboard/TRC-approval (also trc-approval): TRC access requests by status, role and search. */
export function TrcApprovalPage() {
  const [status, setStatus] = useState<TrcAccessStatus | null>('pending');
  const [role, setRole] = useState<TrcRole | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const [page, setPage] = useState(1);
  const applications = useApplications({
    status: status ?? undefined,
    role: role ?? undefined,
    search: debounced || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const data = applications.data;

  return (
    <Stack maw={1280} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          {TRC_MESSAGES.approvalTitle}
        </Title>
        <Text className={classes.muted} mt={4}>
          Teachers who asked for the Teacher Resource Center. Studio plans have access without asking.
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={[
            { value: 'pending', label: 'Pending' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
          ]}
          placeholder="All statuses"
          clearable
          value={status}
          onChange={(v) => {
            setStatus(v as TrcAccessStatus | null);
            setPage(1);
          }}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label="Role"
          data={TRC_FORM_ROLES.map((r) => ({ value: r, label: TRC_ROLE_LABELS[r] }))}
          placeholder="All roles"
          clearable
          value={role}
          onChange={(v) => {
            setRole(v as TrcRole | null);
            setPage(1);
          }}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          label="Search"
          placeholder="Name, email or link"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
          maxLength={100}
        />
      </Group>
      <ListCard
        noun="requests"
        failure={
          applications.isError ? (
            <ListLoadFailed noun="requests" message={TRC_MESSAGES.somethingWentWrong} />
          ) : null
        }
        isLoading={applications.isPending}
        isEmpty={data?.items.length === 0}
        emptyIcon={<IconUserCheck size={32} />}
        skeletonRows={5}
        skeletonHeight={44}
      >
        {() => (
          <ListTable
            label="TRC access requests"
            minWidth={980}
            columns={['Teacher', 'Instagram or website', 'Roles', 'Hopes to gain', 'Status']}
            actionsWidth={210}
          >
            {data?.items.map((a) => (
              <ApplicationRow key={a.id} application={a} />
            ))}
          </ListTable>
        )}
      </ListCard>
      {data && data.total > PAGE_SIZE && (
        <WindowPagination
          page={page}
          total={data.total}
          pageSize={PAGE_SIZE}
          onChange={setPage}
          noun="requests"
        />
      )}
    </Stack>
  );
}
