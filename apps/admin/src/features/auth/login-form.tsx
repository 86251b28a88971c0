import { ApiError, useLogin, useLogout } from '@dance/api-client';
import { MESSAGES, policy, type TLoginRequest, ZLoginRequest } from '@dance/domain';
import { PasswordField, zodFormErrors } from '@dance/ui';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconLock, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { env } from '../../app/env';
import { showAuthNotice } from './auth-notice';

/**
 * The admin login form (spec 1 §5 messages, spec 3 §2 landing). A successful login stores the session;
 * the page then sends an admin on. Any other role is logged out again and told "user role does not match".
 */
export function LoginForm() {
  const login = useLogin();
  const logout = useLogout();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TLoginRequest>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: (values) => zodFormErrors(ZLoginRequest, values),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const session = await login.mutateAsync(values);
      if (policy.canUseAdminConsole(session.user)) return;
      // A member's credentials opened a session the console cannot use: close it again at once.
      await logout.mutateAsync().catch(() => undefined);
      showAuthNotice(MESSAGES.roleMismatch);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setServerError(MESSAGES.somethingWentWrong);
        return;
      }
      if (error.problem?.fields) form.setErrors(error.problem.fields);
      setServerError(error.message);
    }
  });

  const isBusy = login.isPending || logout.isPending;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          leftSection={<IconMail size={18} stroke={1.6} />}
          {...form.getInputProps('email')}
          onInput={() => setServerError(null)}
        />
        <PasswordField
          label="Password"
          placeholder="Your password"
          leftSection={<IconLock size={18} stroke={1.6} />}
          {...form.getInputProps('password')}
          onInput={() => setServerError(null)}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor href={`${env.memberAppUrl}/forgot`} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={isBusy}>
          Log in
        </Button>
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
