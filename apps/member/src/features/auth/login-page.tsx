import { storeSession, useApiClient, useLogin } from '@dance/api-client';
import { MESSAGES, ROLES } from '@dance/domain';
import { PasswordField } from '@dance/ui';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { env } from '../../env';
import { FormError } from '../../shared/form-error';
import { goToUrl } from '../../shared/go-to-url';
import { readServerMessage } from '../../shared/server-message';

interface LoginValues {
  email: string;
  password: string;
}

function isKnownRole(role: string): boolean {
  return (ROLES as readonly string[]).includes(role);
}

/** Login (spec 1 §2, §4): admins go to the admin console, everyone else home. */
export function LoginPage() {
  const login = useLogin();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : MESSAGES.emailRequired),
      password: (value) => (value ? null : MESSAGES.passwordRequired),
    },
    onValuesChange: () => setServerError(null),
  });

  async function submitLogin(values: LoginValues) {
    setServerError(null);
    try {
      const { user } = await login.mutateAsync(values);
      if (!isKnownRole(user.role)) {
        // Only a known role may keep the session (spec 1 §4).
        storeSession(client, queryClient, null);
        setServerError(MESSAGES.invalidUserType);
        return;
      }
      if (user.role === 'admin') {
        goToUrl(`${env.adminUrl}/AdminDashboard/AllVideos`);
        return;
      }
      navigate('/');
    } catch (error) {
      setServerError(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <form onSubmit={form.onSubmit(submitLogin)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} fz={30}>
            LogIn
          </Title>
          <Text c="dimmed" mt={4}>
            Welcome back. Log in to keep dancing.
          </Text>
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.getInputProps('email')}
        />
        <PasswordField label="Password" placeholder="Your password" {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot" size="sm" fw={600}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          LOG IN
        </Button>
        <FormError message={serverError} />
        <Text ta="center" size="sm">
          New here?{' '}
          <Anchor component={Link} to="/SignUp" fw={700}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
