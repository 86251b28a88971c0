import {
  MESSAGES,
  SEAT_LABELS,
  TIMERS,
  type TSubUser,
  ZAddSubUserRequest,
  ZUpdateSubUserRequest,
} from '@dance/domain';
import { confirm, toast, zodFormErrors } from '@dance/ui';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { readFieldErrors, readServerMessage } from '../../shared/server-message';
import { useAddSubUser, useDeleteSubUser, useSeatSummary, useSubUsers, useUpdateSubUser } from './queries';

/** The seat failure fallback of spec 1 §8: the server's message, else "Failed to update user". */
const failureOf = (error: unknown) => readServerMessage(error, MESSAGES.userUpdateFailed);

function AddSubUserForm({ isEnabled, reason }: { isEnabled: boolean; reason: string | null }) {
  const addSubUser = useAddSubUser();
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: (values) => zodFormErrors(ZAddSubUserRequest, values),
  });

  async function submitAdd(values: typeof form.values) {
    try {
      const { message } = await addSubUser.mutateAsync(values);
      toast.success(message || MESSAGES.userAdded);
      form.reset();
    } catch (error) {
      form.setErrors(readFieldErrors(error));
      toast.error(failureOf(error));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submitAdd)} noValidate aria-label="Add a sub-user">
      <Stack gap="sm">
        <Text fw={700}>Add a sub-user</Text>
        {reason && (
          <Alert color="yellow" variant="light" p="xs">
            {reason}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="First name" disabled={!isEnabled} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" disabled={!isEnabled} {...form.getInputProps('lastName')} />
          <TextInput label="Email" type="email" disabled={!isEnabled} {...form.getInputProps('email')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" radius="xl" disabled={!isEnabled} loading={addSubUser.isPending}>
            Add user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditSubUserModal({ subUser, onClose }: { subUser: TSubUser; onClose: () => void }) {
  const updateSubUser = useUpdateSubUser();
  const form = useForm({
    initialValues: { firstName: subUser.firstName, lastName: subUser.lastName },
    validate: (values) => zodFormErrors(ZUpdateSubUserRequest, values),
  });

  async function submitEdit(values: typeof form.values) {
    try {
      const { message } = await updateSubUser.mutateAsync({ subUserId: subUser.id, ...values });
      toast.success(message || MESSAGES.userUpdated);
      onClose();
    } catch (error) {
      form.setErrors(readFieldErrors(error));
      toast.error(failureOf(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title="Edit sub-user" centered>
      <form onSubmit={form.onSubmit(submitEdit)} noValidate>
        <Stack gap="sm">
          <TextInput label="First name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" {...form.getInputProps('lastName')} />
          <TextInput
            label="Email"
            value={subUser.email}
            disabled
            description="Sub-users cannot change email."
          />
          <Group justify="flex-end">
            <Button variant="default" radius="xl" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" radius="xl" loading={updateSubUser.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Studio seats (spec 1 §7, spec 3 §4 "Seats"): owner only, on the account page; polled every 3 s. */
export function StudioSeatsCard() {
  const summary = useSeatSummary(TIMERS.studioSeatsPollMs);
  const subUsers = useSubUsers();
  const deleteSubUser = useDeleteSubUser();
  const [editing, setEditing] = useState<TSubUser | null>(null);
  const seats = summary.data;
  const list = subUsers.data;

  async function removeSubUser(subUser: TSubUser) {
    const isConfirmed = await confirm({
      title: 'Delete user?',
      message: `Remove ${subUser.firstName} ${subUser.lastName} from your studio? Their access ends at once.`,
      danger: true,
    });
    if (!isConfirmed) return;
    try {
      const { message } = await deleteSubUser.mutateAsync(subUser.id);
      toast.success(message || MESSAGES.userDeleted);
    } catch (error) {
      toast.error(failureOf(error));
    }
  }

  const emptyRows = Math.max(0, (seats?.requiredSeats ?? 0) - (list?.subUsers.length ?? 0));
  const reason = !seats
    ? null
    : !seats.isSubscriptionActive
      ? MESSAGES.studioSubscriptionInactive
      : seats.seatsLeft <= 0
        ? MESSAGES.noSeatsLeft
        : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} aria-labelledby="seats-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="xl" id="seats-title">
            Studio seats
          </Title>
          {seats && (
            <Group gap="xs">
              <Badge size="lg" variant="light" data-testid="seats-total">
                Seats: {seats.seats}
              </Badge>
              <Badge size="lg" color="teal" variant="light" data-testid="seats-left">
                Seats left: {seats.seatsLeft}
              </Badge>
            </Group>
          )}
        </Group>
        {summary.isError && <Text c="red">{readServerMessage(summary.error, MESSAGES.noDataFound)}</Text>}
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped highlightOnHover aria-label="Studio seats">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={150}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list && (
                <Table.Tr>
                  <Table.Td fw={700}>
                    {list.owner.firstName} {list.owner.lastName}
                  </Table.Td>
                  <Table.Td>{list.owner.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline">Owner</Badge>
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              )}
              {list?.subUsers.map((subUser) => (
                <Table.Tr key={subUser.id}>
                  <Table.Td>
                    {subUser.firstName} {subUser.lastName}
                  </Table.Td>
                  <Table.Td>{subUser.email}</Table.Td>
                  <Table.Td>
                    <Badge color={subUser.hasSetPassword ? 'teal' : 'yellow'} variant="light">
                      {subUser.hasSetPassword ? 'Active' : 'Invited'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`Edit ${subUser.firstName} ${subUser.lastName}`}
                        onClick={() => setEditing(subUser)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${subUser.firstName} ${subUser.lastName}`}
                        onClick={() => removeSubUser(subUser)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {Array.from({ length: emptyRows }, (_, i) => (
                <Table.Tr key={`empty-${i}`} data-testid="empty-seat">
                  <Table.Td c="dimmed" fw={700}>
                    {SEAT_LABELS.emptySeat}
                  </Table.Td>
                  <Table.Td c="dimmed">{SEAT_LABELS.availableSeat}</Table.Td>
                  <Table.Td />
                  <Table.Td />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <AddSubUserForm isEnabled={Boolean(seats?.canAddSubUser)} reason={reason} />
      </Stack>
      {editing && <EditSubUserModal subUser={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
