import {
  MESSAGES,
  SUBUSER_EMAIL_LOCKED_MESSAGE,
  type TSessionUser,
  ZChangeEmailRequest,
  ZUpdateNameRequest,
} from '@dance/domain';
import { PasswordField, toast, zodFormErrors } from '@dance/ui';
import {
  Alert,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { readFieldErrors, readServerMessage } from '../../shared/server-message';
import { useAccountDetails, useChangeEmail, useUpdateName } from './queries';

/** Personal details (spec 1 §7 "Auth and account"): first and last name, and the login email. */
export function PersonalDetailsCard({ user }: { user: TSessionUser }) {
  const updateName = useUpdateName();
  const changeEmail = useChangeEmail();
  const pendingEmail = useAccountDetails().data?.pendingEmail ?? null;
  const nameForm = useForm({
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validate: (values) => zodFormErrors(ZUpdateNameRequest, values),
  });
  const emailForm = useForm({
    initialValues: { email: user.email, currentPassword: '' },
    validate: (values) => zodFormErrors(ZChangeEmailRequest, values),
  });
  const isSubUser = user.userType === 'subuser';

  async function saveName(values: typeof nameForm.values) {
    try {
      const { message } = await updateName.mutateAsync(values);
      toast.success(message);
    } catch (error) {
      nameForm.setErrors(readFieldErrors(error));
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  async function saveEmail(values: typeof emailForm.values) {
    try {
      // Nothing changes yet: the new address gets a link, and the card shows the pending change.
      const { message, account } = await changeEmail.mutateAsync(values);
      toast.success(message);
      emailForm.setValues({ email: account.email, currentPassword: '' });
      emailForm.resetDirty({ email: account.email, currentPassword: '' });
    } catch (error) {
      emailForm.setErrors(readFieldErrors(error));
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} aria-labelledby="personal-details-title">
      <Stack gap="md">
        <Title order={2} fz="xl" id="personal-details-title">
          Personal details
        </Title>
        <form onSubmit={nameForm.onSubmit(saveName)} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                autoComplete="given-name"
                {...nameForm.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                {...nameForm.getInputProps('lastName')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" radius="xl" loading={updateName.isPending}>
                Save name
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        {isSubUser ? (
          <div>
            <TextInput label="Email" value={user.email} readOnly />
            <Text size="sm" c="dimmed" mt={6}>
              {SUBUSER_EMAIL_LOCKED_MESSAGE}
            </Text>
          </div>
        ) : (
          <form onSubmit={emailForm.onSubmit(saveEmail)} noValidate>
            <Stack gap="sm">
              {pendingEmail && (
                <Alert
                  variant="light"
                  color="stage"
                  title="Confirm your new email"
                  data-testid="pending-email"
                >
                  We sent a confirmation link to <strong>{pendingEmail}</strong>. Your email changes when you
                  open that link (valid for 24 hours); until then, keep logging in with {user.email}.
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  {...emailForm.getInputProps('email')}
                />
                <PasswordField
                  label="Password to confirm"
                  autoComplete="current-password"
                  {...emailForm.getInputProps('currentPassword')}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button type="submit" radius="xl" variant="light" loading={changeEmail.isPending}>
                  Change email
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
