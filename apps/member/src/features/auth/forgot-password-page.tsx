import { useForgotPassword } from '@dance/api-client';
import { MESSAGES, ZForgotPasswordRequest } from '@dance/domain';
import { zodFormErrors } from '@dance/ui';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import IconMailCheck from '@tabler/icons-react/dist/esm/icons/IconMailCheck.mjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../shared/form-error';
import { readServerMessage } from '../../shared/server-message';

/** Forgot password (spec 1 §5, §8): mails a reset link; the answer never tells whether the email exists. */
export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodFormErrors(ZForgotPasswordRequest, values),
    onValuesChange: () => setServerError(null),
  });

  async function submitEmail(values: { email: string }) {
    setServerError(null);
    setIsSent(false);
    try {
      await forgotPassword.mutateAsync(values);
      setIsSent(true);
    } catch (error) {
      setServerError(readServerMessage(error, MESSAGES.somethingsWentWrong));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submitEmail)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={30}>
            Forgot password
          </Title>
          <Text c="dimmed" mt={4}>
            Enter the email of your account and we will send you a link to reset your password.
          </Text>
        </div>
        {isSent && (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={20} />} role="status">
            {MESSAGES.forgotPasswordSent}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={forgotPassword.isPending}>
          SEND RESET LINK
        </Button>
        <FormError message={serverError} />
        <Text ta="center" size="sm">
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={700}>
            Back to login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
