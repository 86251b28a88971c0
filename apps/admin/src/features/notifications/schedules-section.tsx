import {
  ADMIN_NOTIFICATION_KINDS,
  type AdminNotificationKind,
  describeSchedule,
  isAdminNotificationKind,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  SCHEDULE_STEP_MINUTES,
  type TSchedule,
  WEEKDAY_LABELS,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ListTable } from '../../components/list-table';
import { useDeleteSchedule, usePauseSchedule, useSaveSchedule, useSchedules } from './queries';

/** 00:00 to 23:55 in 5-minute steps (spec 3 §9: step 300 seconds). */
const TIME_OPTIONS = Array.from({ length: (24 * 60) / SCHEDULE_STEP_MINUTES }, (_, i) => {
  const minutes = i * SCHEDULE_STEP_MINUTES;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const h = Math.floor(minutes / 60);
  const label = `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  return { value, label };
});

const nextRunFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

interface Errors {
  days?: string;
  time?: string;
  title?: string;
  body?: string;
}

function ScheduleForm({ schedule, onDone }: { schedule: TSchedule | null; onDone: () => void }) {
  const save = useSaveSchedule();
  const [days, setDays] = useState<string[]>(schedule?.days.map(String) ?? []);
  const [time, setTime] = useState<string | null>(schedule?.time ?? '09:00');
  const [title, setTitle] = useState(schedule?.title ?? '');
  const [body, setBody] = useState(schedule?.body ?? '');
  const [kind, setKind] = useState<AdminNotificationKind>(
    schedule && isAdminNotificationKind(schedule.kind) ? schedule.kind : 'release',
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (days.length === 0) next.days = NOTIFICATION_MESSAGES.daysRequired;
    if (!time) next.time = NOTIFICATION_MESSAGES.timeInvalid;
    if (!title.trim()) next.title = NOTIFICATION_MESSAGES.titleRequired;
    if (!body.trim()) next.body = NOTIFICATION_MESSAGES.bodyRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({
        id: schedule?.id,
        body: { days: days.map(Number), time: time!, title: title.trim(), body: body.trim(), kind },
      });
      toast.success(schedule ? NOTIFICATION_MESSAGES.scheduleUpdated : NOTIFICATION_MESSAGES.scheduled);
      onDone();
    } catch {
      setFormError(NOTIFICATION_MESSAGES.scheduleFailed);
      toast.error(NOTIFICATION_MESSAGES.scheduleFailed);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Checkbox.Group label="Days" withAsterisk value={days} onChange={setDays} error={errors.days}>
          <Group gap="sm" mt={6}>
            {WEEKDAY_LABELS.map((label, day) => (
              <Checkbox key={label} value={String(day)} label={label.slice(0, 3)} aria-label={label} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label="Time (New York)"
          withAsterisk
          searchable
          value={time}
          onChange={setTime}
          data={TIME_OPTIONS}
          error={errors.time}
          allowDeselect={false}
          maxDropdownHeight={240}
        />
        <Select
          label="Kind"
          value={kind}
          onChange={(v) => v && setKind(v as AdminNotificationKind)}
          data={ADMIN_NOTIFICATION_KINDS.map((k) => ({ value: k, label: NOTIFICATION_KIND_LABELS[k] }))}
          allowDeselect={false}
        />
        <TextInput
          label="Title"
          withAsterisk
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={3}
          maxLength={500}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {schedule ? 'Save changes' : 'Schedule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ScheduleRow({ schedule, onEdit }: { schedule: TSchedule; onEdit: () => void }) {
  const pause = usePauseSchedule();
  const remove = useDeleteSchedule();

  async function handleDelete() {
    const isConfirmed = await confirm({
      title: 'Delete schedule?',
      message: `“${schedule.title}” will no longer be sent.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    remove.mutate(schedule.id, {
      onSuccess: () => toast.success(NOTIFICATION_MESSAGES.scheduleDeleted),
      onError: () => toast.error(NOTIFICATION_MESSAGES.scheduleFailed),
    });
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {describeSchedule(schedule.days, schedule.time)}
        </Text>
        <Text size="xs" c="dimmed">
          {schedule.nextRunAt ? `Next: ${nextRunFormat.format(new Date(schedule.nextRunAt))}` : 'Paused'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} lineClamp={1}>
          {schedule.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {schedule.body}
        </Text>
      </Table.Td>
      <Table.Td w={100}>
        <Badge variant="default">{schedule.isPaused ? 'Paused' : 'Active'}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button variant="default" size="xs" leftSection={<IconEdit size={14} />} onClick={onEdit}>
            Edit
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={schedule.isPaused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            loading={pause.isPending}
            onClick={() =>
              pause.mutate(
                { id: schedule.id, isPaused: !schedule.isPaused },
                { onError: () => toast.error(NOTIFICATION_MESSAGES.scheduleFailed) },
              )
            }
          >
            {schedule.isPaused ? 'Resume' : 'Pause'}
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
      </Table.Td>
    </Table.Tr>
  );
}

/** Weekly scheduled notifications: days 0-6 (Sunday 0) at HH:MM New York time, with edit, pause and delete. */
export function SchedulesSection() {
  const schedules = useSchedules();
  const [editing, setEditing] = useState<TSchedule | 'new' | null>(null);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} size="h3">
            Weekly schedules
          </Title>
          <Text size="sm" c="dimmed">
            Sent to every member who wants the kind, at the time in New York.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add schedule
        </Button>
      </Group>
      {schedules.isPending && (
        <Group justify="center" py="md">
          <Loader role="status" aria-label="Loading schedules" />
        </Group>
      )}
      {schedules.isError && (
        <Alert color="red" variant="light" role="alert">
          {schedules.error.message}
        </Alert>
      )}
      {schedules.data && schedules.data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No items found.
        </Text>
      )}
      {schedules.data && schedules.data.items.length > 0 && (
        <ListTable label="Weekly schedules" minWidth={820} columns={['When', 'Notification', 'Status']}>
          {schedules.data.items.map((s) => (
            <ScheduleRow key={s.id} schedule={s} onEdit={() => setEditing(s)} />
          ))}
        </ListTable>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add weekly schedule' : 'Edit weekly schedule'}
        size="lg"
      >
        {editing !== null && (
          <ScheduleForm schedule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Paper>
  );
}
