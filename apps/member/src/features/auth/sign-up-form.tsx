import {
  LINKS,
  MESSAGES,
  SIGNUP_ROLE_LABELS,
  SIGNUP_ROLES,
  type SignupRole,
  ZSignUpRequest,
  ZStudioSignUpRequest,
} from '@dance/domain';
import { PasswordField, zodFormErrors } from '@dance/ui';
import { Anchor, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormError } from '../../shared/form-error';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  reEnteredPassword: string;
  role: SignupRole | '';
  acceptTerms: boolean;
}

export type SignUpKind = 'individual' | 'studio';

const EMPTY_VALUES: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  reEnteredPassword: '',
  role: '',
  acceptTerms: false,
};

/**
 * The spec's sign-up messages (spec 1 §5), from the same schema the server validates with. The
 * schema checks the passwords match only once every field is valid, so the form also checks it
 * early: the member sees every problem at once.
 */
export function validateSignUp(values: SignUpValues, kind: SignUpKind): Record<string, string> {
  const { role, ...common } = values;
  const errors =
    kind === 'individual'
      ? zodFormErrors(ZSignUpRequest, { ...common, role: role || undefined })
      : zodFormErrors(ZStudioSignUpRequest, common);
  if (!errors.reEnteredPassword && values.reEnteredPassword && values.password !== values.reEnteredPassword) {
    errors.reEnteredPassword = MESSAGES.passwordsDoNotMatch;
  }
  return errors;
}

export interface SignUpFormProps {
  kind: SignUpKind;
  submitLabel: string;
  isSubmitting: boolean;
  /** The server's answer under the button: its message, or richer content such as links. */
  serverError: ReactNode;
  /** Answers field errors from the server to show on the fields, if any. */
  onSubmit: (values: SignUpValues) => Promise<Record<string, string> | undefined>;
  onEdit?: () => void;
  footer?: ReactNode;
}

/** The individual and studio sign-up form; the studio one has no role. */
export function SignUpForm({
  kind,
  submitLabel,
  isSubmitting,
  serverError,
  onSubmit,
  onEdit,
  footer,
}: SignUpFormProps) {
  const form = useForm<SignUpValues>({
    initialValues: EMPTY_VALUES,
    validate: (values) => validateSignUp(values, kind),
    onValuesChange: () => onEdit?.(),
  });

  async function submitForm(values: SignUpValues) {
    const fieldErrors = await onSubmit(values);
    if (fieldErrors && Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
  }

  return (
    <form onSubmit={form.onSubmit(submitForm)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.getInputProps('email')}
        />
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField
          label="Re-enter password"
          autoComplete="new-password"
          {...form.getInputProps('reEnteredPassword')}
        />
        {kind === 'individual' && (
          <Radio.Group label="I am a" {...form.getInputProps('role')}>
            <Group gap="lg" mt={6}>
              {SIGNUP_ROLES.map((role) => (
                <Radio key={role} value={role} label={SIGNUP_ROLE_LABELS[role]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Checkbox
          label={
            <Text size="sm" component="span">
              I accept the{' '}
              <Anchor href={LINKS.terms} target="_blank" rel="noreferrer" size="sm">
                Terms &amp; Conditions
              </Anchor>{' '}
              and the{' '}
              <Anchor href={LINKS.privacy} target="_blank" rel="noreferrer" size="sm">
                Privacy Policy
              </Anchor>
            </Text>
          }
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
        <FormError message={serverError} />
        {footer}
      </Stack>
    </form>
  );
}
