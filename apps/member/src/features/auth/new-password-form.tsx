import { MESSAGES, safeParsePlainly, ZNewPassword } from '@dance/domain';
import { PasswordField } from '@dance/ui';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormError } from '../../shared/form-error';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A new password typed twice; the password rule is the server's own (ZNewPassword). */
function validateNewPassword(values: NewPasswordValues): Record<string, string> {
  const result = safeParsePlainly(ZNewPassword, values.password);
  const errors: Record<string, string> = {};
  if (!result.success) errors.password = result.error.issues[0]?.message ?? MESSAGES.passwordRequired;
  if (!values.confirmPassword) errors.confirmPassword = MESSAGES.reEnterPasswordRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function NewPasswordForm({
  submitLabel,
  isSubmitting,
  serverError,
  onSubmit,
  onEdit,
}: {
  submitLabel: string;
  isSubmitting: boolean;
  serverError: string | null;
  onSubmit: (password: string) => Promise<void>;
  onEdit: () => void;
}) {
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateNewPassword,
    onValuesChange: onEdit,
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.password))} noValidate>
      <Stack gap="md">
        <PasswordField label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
        <FormError message={serverError} />
      </Stack>
    </form>
  );
}
