import {
  PRACTICE_MESSAGES,
  safeParsePlainly,
  type TStudioAssignment,
  ZCreateAssignment,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { readServerMessage } from '../../shared/server-message';
import { formatDay, formatMinutes } from './format';
import {
  useAssignChoices,
  useCreateAssignment,
  useMyAssignments,
  useRemind,
  useRemoveAssignment,
  useStudioAssignments,
} from './queries';

const completedLabel = (done: number, total: number) => `${done} of ${total} videos completed`;

/** "Assigned to me": a sub-user's studio playlists with their own progress only. */
export function AssignedToMe() {
  const mine = useMyAssignments(true);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Assigned to me
        </Title>
        {mine.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : mine.isError ? (
          <Text c="red">Your assignments could not be loaded.</Text>
        ) : mine.data.assignments.length === 0 ? (
          <Text c="dimmed">Your studio has not assigned you a playlist yet.</Text>
        ) : (
          mine.data.assignments.map((a) => (
            <Paper key={a.id} withBorder radius="md" p="md" data-testid="my-assignment">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700}>{a.playlistName}</Text>
                {a.dueDate && <Badge variant="light">Due {formatDay(a.dueDate)}</Badge>}
              </Group>
              <Progress
                mt="sm"
                value={a.videosTotal === 0 ? 0 : (a.videosCompleted / a.videosTotal) * 100}
                aria-label={completedLabel(a.videosCompleted, a.videosTotal)}
              />
              <Group justify="space-between" mt={6} gap="xs">
                <Text size="sm">{completedLabel(a.videosCompleted, a.videosTotal)}</Text>
                <Text size="sm" c="dimmed">
                  {formatMinutes(a.secondsPractised)} practised
                </Text>
              </Group>
              <Button component={Link} to="/studio-playlist" variant="subtle" size="compact-sm" mt="xs">
                Open studio playlists
              </Button>
            </Paper>
          ))
        )}
      </Stack>
    </Paper>
  );
}

function AssignForm() {
  const { playlists, subUsers } = useAssignChoices(true);
  const create = useCreateAssignment();
  const [playlistId, setPlaylistId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dancers = subUsers.data?.subUsers ?? [];
  const allChosen = dancers.length > 0 && chosen.length === dancers.length;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { playlistId: playlistId ?? '', subUserIds: chosen, dueDate: dueDate || null };
    const parsed = safeParsePlainly(ZCreateAssignment, body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      toast.success(PRACTICE_MESSAGES.assigned);
      setPlaylistId(null);
      setChosen([]);
      setDueDate('');
    } catch (failure) {
      setError(readServerMessage(failure, 'The playlist could not be assigned.'));
    }
  }

  if (dancers.length === 0 && subUsers.isSuccess)
    return <Text c="dimmed">Add sub-users on your account page to assign them practice.</Text>;
  return (
    <form onSubmit={submit} aria-label="Assign a playlist" noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Studio playlist"
            placeholder="Choose a playlist"
            data={(playlists.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={playlistId}
            onChange={setPlaylistId}
            nothingFoundMessage="No studio playlists yet"
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            type="date"
            label="Due date (optional)"
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Checkbox.Group label="Dancers" value={chosen} onChange={setChosen}>
          <Stack gap={6} mt={6}>
            <Checkbox
              label="All dancers"
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={() => setChosen(allChosen ? [] : dancers.map((d) => d.id))}
            />
            {dancers.map((d) => (
              <Checkbox key={d.id} value={d.id} label={`${d.firstName} ${d.lastName}`} ml="md" />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AssignmentCard({ assignment }: { assignment: TStudioAssignment }) {
  const remind = useRemind();
  const remove = useRemoveAssignment();
  async function sendReminder() {
    try {
      const { message } = await remind.mutateAsync(assignment.id);
      toast.success(message);
    } catch (error) {
      toast.error(readServerMessage(error, 'The reminder could not be sent.'));
    }
  }
  async function withdraw() {
    const ok = await confirm({
      title: 'Withdraw this assignment?',
      message: `${assignment.playlistName} will no longer be assigned to your dancers.`,
      confirmLabel: 'Withdraw',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(assignment.id);
      toast.success(PRACTICE_MESSAGES.withdrawn);
    } catch (error) {
      toast.error(readServerMessage(error, 'The assignment could not be withdrawn.'));
    }
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="studio-assignment">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={3} fz="md">
            {assignment.playlistName}
          </Title>
          <Text size="sm" c="dimmed">
            Assigned {formatDay(assignment.createdAt.slice(0, 10))}
            {assignment.dueDate ? `, due ${formatDay(assignment.dueDate)}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="compact-sm" onClick={sendReminder} loading={remind.isPending}>
            Send reminder
          </Button>
          <Button size="compact-sm" variant="default" onClick={withdraw} loading={remove.isPending}>
            Withdraw
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={420} mt="sm">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dancer</Table.Th>
              <Table.Th>Videos completed</Table.Th>
              <Table.Th>Minutes practised</Table.Th>
              <Table.Th>Last reminded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {assignment.dancers.map((d) => (
              <Table.Tr key={d.userId}>
                <Table.Td>
                  {d.firstName} {d.lastName}
                </Table.Td>
                <Table.Td>
                  {d.videosCompleted} of {d.videosTotal}
                </Table.Td>
                <Table.Td>{formatMinutes(d.secondsPractised)}</Table.Td>
                <Table.Td>{d.remindedAt ? formatDay(d.remindedAt.slice(0, 10)) : 'Never'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The studio owner's assignments: assign a studio playlist, follow each dancer, send a reminder. */
export function StudioAssignments() {
  const list = useStudioAssignments(true);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Studio assignments
        </Title>
        <AssignForm />
        {list.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : list.isError ? (
          <Text c="red">The assignments could not be loaded.</Text>
        ) : list.data.assignments.length === 0 ? (
          <Text c="dimmed">No assignments yet.</Text>
        ) : (
          list.data.assignments.map((a) => <AssignmentCard key={a.id} assignment={a} />)
        )}
      </Stack>
    </Paper>
  );
}
