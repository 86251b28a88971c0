import { useResetPassword } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import { alertDialog } from '@dance/ui';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { readServerMessage } from '../../shared/server-message';
import { NewPasswordForm } from './new-password-form';

/** Reset password from the mailed link /reset_password/{id}/{token} (spec 1 §2, §8). */
export function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);

  async function submitPassword(password: string) {
    setServerError(null);
    try {
      await resetPassword.mutateAsync({ userId: id, token, password });
      await alertDialog({
        title: MESSAGES.passwordResetSuccessful,
        message: 'You can now log in with your new password.',
      });
      navigate('/login');
    } catch (error) {
      setServerError(readServerMessage(error, MESSAGES.somethingsWentWrong));
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={30}>
          Reset password
        </Title>
        <Text c="dimmed" mt={4}>
          Choose a new password for your account.
        </Text>
      </div>
      <NewPasswordForm
        submitLabel="RESET PASSWORD"
        isSubmitting={resetPassword.isPending}
        serverError={serverError}
        onSubmit={submitPassword}
        onEdit={() => setServerError(null)}
      />
      <Text ta="center" size="sm">
        Link expired?{' '}
        <Anchor component={Link} to="/forgot" fw={700}>
          Request a new one
        </Anchor>
      </Text>
    </Stack>
  );
}
