import { ApiError, useSession } from '@dance/api-client';
import { ADMIN_CANNOT_DELETE_SELF_MESSAGE, MESSAGES, type TAdminUser } from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  ActionIcon,
  Avatar,
  Badge,
  CloseButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { useRevealDelay } from '../../components/use-reveal-delay';
import { WindowPagination } from '../../components/window-pagination';
import { EditUserModal } from './edit-user-modal';
import { useAdminUsers, useDeleteUser } from './queries';

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
  const [term, setTerm] = useState(search);
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<TAdminUser | null>(null);
  const session = useSession();
  const users = useAdminUsers({ search, page });
  const deleteUser = useDeleteUser();
  const isRevealed = useRevealDelay(`${search}|${page}`);
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
        toast.error(error.message || MESSAGES.somethingWentWrong);
      },
    });
  }

  const data = users.data;
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
      </Paper>

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
          <ListTable label="Users" minWidth={760} columns={['Name', 'Email', 'Type', 'Joined']}>
            {(data?.items ?? []).map((user) => {
              const kind = describeUser(user);
              const isMe = user.id === myId;
              const name = `${user.firstName} ${user.lastName}`;
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={user.imageUrl} name={name} color="initials" radius="xl" size="sm" />
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
                    <Badge variant="light" color={kind.color} tt="none">
                      {kind.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
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
