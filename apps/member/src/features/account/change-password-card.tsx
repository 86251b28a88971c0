import { ApiError, useChangePassword } from '@dance/api-client';
import { MESSAGES, ZChangePasswordRequest } from '@dance/domain';
import { PasswordField, toast, zodFormErrors } from '@dance/ui';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormError } from '../../shared/form-error';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** What the member reads when the change fails (spec 1 §8: account). */
function describeChangeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR') return MESSAGES.noResponseFromServer;
    if (error.problem?.message) return error.problem.message;
  }
  return MESSAGES.errorSendingRequest;
}

export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors = zodFormErrors(ZChangePasswordRequest, values);
      // The schema compares the two only when the rest is valid; say it as soon as both are typed.
      if (!errors.confirmPassword && values.confirmPassword !== values.newPassword) {
        errors.confirmPassword = values.confirmPassword
          ? MESSAGES.newPasswordsDoNotMatch
          : MESSAGES.reEnterPasswordRequired;
      }
      return errors;
    },
    onValuesChange: () => setServerError(null),
  });

  async function submitChange(values: ChangePasswordValues) {
    setServerError(null);
    try {
      const { message } = await changePassword.mutateAsync(values);
      toast.success(message || MESSAGES.passwordChanged);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
        form.setErrors(error.problem?.fields ?? {});
      setServerError(describeChangeFailure(error));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <form onSubmit={form.onSubmit(submitChange)} noValidate aria-labelledby="change-password-title">
        <Stack gap="md">
          <div>
            <Title order={2} fz="xl" id="change-password-title">
              Change password
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Use at least 6 characters. Your other devices will be signed out.
            </Text>
          </div>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <FormError message={serverError} />
          <Group justify="flex-end">
            <Button type="submit" loading={changePassword.isPending}>
              UPDATE PASSWORD
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
