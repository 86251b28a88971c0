import { ApiError, useSession } from '@dance/api-client';
import {
  ADMIN_CANNOT_DELETE_SELF_MESSAGE,
  ADMIN_USER_KIND_LABELS,
  ADMIN_USER_KINDS,
  ADMIN_USER_STATUS_LABELS,
  ADMIN_USER_STATUSES,
  MESSAGES,
  type TAdminUser,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconEdit, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { useRevealDelay } from '../../components/use-reveal-delay';
import { WindowPagination } from '../../components/window-pagination';
import { EditUserModal } from './edit-user-modal';
import { useAdminUsers, useDeleteUser, useDeleteUsers } from './queries';
import { downloadCsv, toUsersCsv } from './users-csv';

type Kind = (typeof ADMIN_USER_KINDS)[number];
type Status = (typeof ADMIN_USER_STATUSES)[number];
const KIND_OPTIONS = ADMIN_USER_KINDS.map((k) => ({ value: k, label: ADMIN_USER_KIND_LABELS[k] }));
const STATUS_OPTIONS = ADMIN_USER_STATUSES.map((s) => ({ value: s, label: ADMIN_USER_STATUS_LABELS[s] }));
const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  in_trial: 'blue',
  non_renewing: 'yellow',
  paused: 'gray',
  cancelled: 'red',
  future: 'grape',
  transferred: 'gray',
};

const SEARCH_DEBOUNCE_MS = 500;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function describeUser(user: TAdminUser): { label: string; color: string } {
  if (user.role === 'admin') return { label: 'Admin', color: 'stage' };
  switch (user.userType) {
    case 'studio-owner':
      return { label: 'Studio owner', color: 'violet' };
    case 'subuser':
      return { label: 'Sub-user', color: 'indigo' };
    case 'vip':
      return { label: 'VIP', color: 'yellow' };
    case 'individual-user':
      return { label: 'Individual', color: 'teal' };
    default:
      return { label: 'No plan', color: 'gray' };
  }
}

/** /AdminDashboard/AllUsers: the user table with search, pages of 20, edit and delete (spec 3 §2, §8). */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const kindParam = params.get('kind');
  const kind = (ADMIN_USER_KINDS as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as Kind)
    : undefined;
  const statusParam = params.get('status');
  const status = (ADMIN_USER_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as Status)
    : undefined;
  const [selected, setSelected] = useState<Map<string, TAdminUser>>(new Map());
  const deleteUsers = useDeleteUsers();
  const [term, setTerm] = useState(search);
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<TAdminUser | null>(null);
  const session = useSession();
  const users = useAdminUsers({ search, page, kind, status });
  const deleteUser = useDeleteUser();
  const isRevealed = useRevealDelay(`${search}|${page}|${kind}|${status}`);
  const myId = session.data?.user.id;

  // A ref, not the render's closure: a picker may call back with an older handler, which must still
  // start from the address as it is now (or it would bring back a search the admin just cleared).
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(paramsRef.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    paramsRef.current = next;
    setParams(next, { replace: true });
  };

  // A link to another search (a sub-user's studio) puts it in the box too.
  useEffect(() => {
    setTerm(search);
  }, [search]);

  useEffect(() => {
    const trimmed = debounced.trim();
    if (trimmed !== search) update({ search: trimmed, page: null });
  }, [debounced]);

  async function handleDelete(user: TAdminUser) {
    const isStudio = user.userType === 'studio-owner';
    const isConfirmed = await confirm({
      title: 'Delete this user?',
      message: `${user.firstName} ${user.lastName} (${user.email}) will be deleted${isStudio ? ', with the sub-users of their studio' : ''}. This cannot be undone.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => toast.success(MESSAGES.userDeleted),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        toast.failure('The user was not deleted', error);
      },
    });
  }

  function toggle(user: TAdminUser, isOn: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (isOn) next.set(user.id, user);
      else next.delete(user.id);
      return next;
    });
  }

  async function handleDeleteSelected() {
    const chosen = [...selected.values()];
    const isConfirmed = await confirm({
      title: `Delete ${chosen.length === 1 ? '1 user' : `${chosen.length} users`}?`,
      message: `${chosen
        .slice(0, 5)
        .map((u) => `${u.firstName} ${u.lastName}`)
        .join(
          ', ',
        )}${chosen.length > 5 ? ` and ${chosen.length - 5} more` : ''} will be deleted, with the sub-users of any studio among them. This cannot be undone.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    deleteUsers.mutate(
      chosen.map((u) => u.id),
      {
        onSuccess: (answer) => {
          setSelected(new Map());
          toast.success(answer.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return;
          toast.failure('The users were not deleted', error);
        },
      },
    );
  }

  function handleExport() {
    const chosen = [...selected.values()];
    downloadCsv(
      `users-${new Date().toISOString().slice(0, 10)}.csv`,
      toUsersCsv(chosen, (u) => describeUser(u).label),
    );
  }

  const data = users.data;
  const pageItems = data?.items ?? [];
  const selectable = pageItems.filter((u) => u.id !== myId);
  const selectedOnPage = selectable.filter((u) => selected.has(u.id)).length;
  const isShowingList = data !== undefined && isRevealed && !(users.isFetching && users.isPlaceholderData);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Users
        </Title>
        <Text c="dimmed" size="sm">
          Every account, newest first.
        </Text>
      </div>

      <Paper withBorder radius="lg" p="md" shadow="xs">
        <TextInput
          size="md"
          label="Search users"
          placeholder="Name or email"
          leftSection={<IconSearch size={18} />}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          rightSection={
            term ? <CloseButton aria-label="Clear search" onClick={() => setTerm('')} /> : undefined
          }
          maw={520}
        />
        <Group mt="sm" gap="sm" align="flex-end">
          <Select
            label="Kind"
            placeholder="All kinds"
            data={KIND_OPTIONS}
            value={kind ?? null}
            onChange={(value) => update({ kind: value, page: null })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label="Plan status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={status ?? null}
            onChange={(value) => update({ status: value, page: null })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
      </Paper>

      {selected.size > 0 && (
        <Paper withBorder radius="lg" p="sm" role="region" aria-label="Selected users">
          <Group justify="space-between" gap="sm">
            <Text fw={600} size="sm">
              {selected.size === 1 ? '1 user selected' : `${selected.size} users selected`}
            </Text>
            <Group gap="xs">
              <Button variant="subtle" color="gray" onClick={() => setSelected(new Map())}>
                Clear selection
              </Button>
              <Button variant="light" leftSection={<IconDownload size={16} />} onClick={handleExport}>
                Export CSV
              </Button>
              <Button
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={handleDeleteSelected}
                loading={deleteUsers.isPending}
              >
                Delete selected
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      <ListCard
        noun="users"
        failure={
          users.isError && !users.isFetching ? (
            <ListLoadFailed noun="users" message={users.error.message} />
          ) : null
        }
        isLoading={!isShowingList}
        isEmpty={data?.items.length === 0}
        emptyIcon={<IconUsers size={32} stroke={1.5} />}
        skeletonRows={8}
        skeletonHeight={40}
      >
        {() => (
          <ListTable
            label="Users"
            minWidth={1120}
            columns={['Name', 'Email', 'Type', 'Plan', 'Studio', 'Joined']}
            leadingHeader={
              <Checkbox
                aria-label="Select all users on this page"
                checked={selectable.length > 0 && selectedOnPage === selectable.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < selectable.length}
                onChange={(event) => {
                  const isOn = event.currentTarget.checked;
                  for (const user of selectable) toggle(user, isOn);
                }}
              />
            }
          >
            {pageItems.map((user) => {
              const kind = describeUser(user);
              const isMe = user.id === myId;
              const name = `${user.firstName} ${user.lastName}`;
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${name}`}
                      checked={selected.has(user.id)}
                      disabled={isMe}
                      onChange={(event) => toggle(user, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={user.imageUrl} alt="" name={name} color="initials" radius="xl" size="sm" />
                      <Text fw={600} size="sm">
                        {name}
                        {isMe && (
                          <Text span c="dimmed" size="xs" ml={6}>
                            (you)
                          </Text>
                        )}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={kind.color}
                      tt="none"
                      style={{ flexShrink: 0, overflow: 'visible' }}
                    >
                      {kind.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {user.plan ? (
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {user.plan.title}
                        </Text>
                        <Badge
                          size="sm"
                          variant="light"
                          color={STATUS_COLORS[user.plan.status] ?? 'gray'}
                          tt="none"
                          style={{ flexShrink: 0, overflow: 'visible' }}
                        >
                          {user.plan.statusLabel}
                        </Badge>
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {user.role === 'admin' ? '—' : 'No subscription'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {user.studio ? (
                      <Anchor
                        component={Link}
                        size="sm"
                        style={{ whiteSpace: 'nowrap' }}
                        to={`/AdminDashboard/AllUsers?search=${encodeURIComponent(user.studio.email)}`}
                        aria-label={`Studio: ${user.studio.name}`}
                      >
                        {user.studio.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {dateFormat.format(new Date(user.createdAt))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${name}`}
                          onClick={() => setEditing(user)}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={isMe ? ADMIN_CANNOT_DELETE_SELF_MESSAGE : 'Delete'}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={isMe}
                          aria-label={`Delete ${name}`}
                          onClick={() => handleDelete(user)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </ListCard>

      {data && (
        <WindowPagination
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          noun="users"
          onChange={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      )}
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
