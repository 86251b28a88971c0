import { ApiError } from '@dance/api-client';
import { MESSAGES, type TAdminUser, ZUpdateAdminUserRequest } from '@dance/domain';
import { toast, zodFormErrors } from '@dance/ui';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { useUpdateUser } from './queries';

interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** The user edit of spec 3 §5: first name, last name and email, all required. */
export function EditUserModal({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const updateUser = useUpdateUser();
  const form = useForm<UserValues>({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: (values) => zodFormErrors(ZUpdateAdminUserRequest, values),
  });

  const guard = useUnsavedChangesGuard(user !== null && form.isDirty());
  const requestClose = async () => {
    if (await guard.confirmLeave()) onClose();
  };

  useEffect(() => {
    if (!user) return;
    const values = { firstName: user.firstName, lastName: user.lastName, email: user.email };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    updateUser.reset();
  }, [user?.id]);

  const handleSubmit = form.onSubmit((values) => {
    if (!user) return;
    updateUser.mutate(
      { id: user.id, body: values },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || MESSAGES.userUpdated);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.problem?.fields) form.setErrors(error.problem.fields);
        },
      },
    );
  });

  const error = updateUser.error;
  // Spec 3 §8: the server's message on failures, "Failed to update user" as the fallback.
  const failure =
    error && !(error instanceof ApiError && (error.status === 401 || error.problem?.fields))
      ? error instanceof ApiError && error.problem
        ? error.message
        : MESSAGES.userUpdateFailed
      : null;

  return (
    <Modal
      opened={user !== null}
      onClose={requestClose}
      title={
        <Text fw={800} fz="lg">
          Edit user
        </Text>
      }
      radius="lg"
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" withAsterisk maxLength={100} {...form.getInputProps('firstName')} />
            <TextInput label="Last name" withAsterisk maxLength={100} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            maxLength={254}
            {...form.getInputProps('email')}
          />
          {failure && (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateUser.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
