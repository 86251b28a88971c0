import { useSetPassword } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import { alertDialog } from '@dance/ui';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NewPasswordForm } from './new-password-form';

/** A sub-user's first password, from the studio invitation /set-password/{id}?token=... (spec 1 §8). */
export function SetPasswordPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const setPassword = useSetPassword();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);

  async function submitPassword(password: string) {
    setServerError(null);
    try {
      await setPassword.mutateAsync({ userId: id, token, password });
      await alertDialog({
        title: MESSAGES.passwordSetSuccessful,
        message: 'You can now log in with your new password.',
      });
      navigate('/Login');
    } catch {
      // The spec shows one message for every failure here and keeps the member on this page.
      setServerError(MESSAGES.somethingsWentWrong);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={30}>
          Set your password
        </Title>
        <Text c="dimmed" mt={4}>
          Your studio invited you. Choose a password to start training.
        </Text>
      </div>
      <NewPasswordForm
        submitLabel="SET PASSWORD"
        isSubmitting={setPassword.isPending}
        serverError={serverError}
        onSubmit={submitPassword}
        onEdit={() => setServerError(null)}
      />
    </Stack>
  );
}
