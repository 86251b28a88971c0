import { ApiError } from '@dance/api-client';
import { TRC_MESSAGES, TRC_ROLE_LABELS, type TrcRole, type TTrcAccessState } from '@dance/domain';
import { toast } from '@dance/ui';
import { Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormError } from '../../shared/form-error';
import { readFieldErrors } from '../../shared/server-message';
import {
  type AccessFormValues,
  initialAccessValues,
  offeredRoles,
  validateAccessForm,
} from './access-form-rules';
import { useSendAccessRequest } from './queries';

/**
 * The TRC access request form (spec 2 §5): full name and email read-only from the session, the Instagram
 * handle or website, at least one role (preselected from the user type) and what they hope to gain.
 * `mode` "resubmit" edits the pending (or rejected) application in place.
 */
export function AccessForm({
  state,
  mode,
  onSent,
  onCancel,
}: {
  state: TTrcAccessState;
  mode: 'request' | 'resubmit';
  onSent: (state: TTrcAccessState) => void;
  onCancel?: () => void;
}) {
  const send = useSendAccessRequest(mode);
  const [serverError, setServerError] = useState<string | null>(null);
  const [initial] = useState(() => initialAccessValues(state, mode === 'resubmit'));
  const [roleOptions] = useState(() => offeredRoles(initial.roles));
  const form = useForm<AccessFormValues>({
    initialValues: initial,
    validate: (values) => validateAccessForm(values),
    validateInputOnBlur: ['link'],
    onValuesChange: () => setServerError(null),
  });
  const failureText = mode === 'request' ? TRC_MESSAGES.requestAccessFailed : TRC_MESSAGES.requestFailed;

  async function submit(values: AccessFormValues) {
    setServerError(null);
    try {
      const next = await send.mutateAsync({ link: values.link, roles: values.roles, gain: values.gain });
      onSent(next);
    } catch (error) {
      const fields = readFieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      const message =
        error instanceof ApiError && error.code === 'CONFLICT' && error.problem?.message
          ? error.problem.message
          : failureText;
      setServerError(message);
      toast.error(message);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="TRC access request">
      <Stack gap="md">
        <TextInput
          label="Full name"
          readOnly
          withAsterisk
          description="From your account"
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          readOnly
          withAsterisk
          description="From your account"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Instagram or website"
          withAsterisk
          placeholder="@yourhandle or yourstudio.com"
          description="Your Instagram handle or your studio's website"
          autoComplete="url"
          {...form.getInputProps('link')}
        />
        <Checkbox.Group
          label="Role"
          withAsterisk
          description="Select every role that fits"
          {...form.getInputProps('roles')}
        >
          <Group gap="lg" mt={6}>
            {roleOptions.map((role: TrcRole) => (
              <Checkbox key={role} value={role} label={TRC_ROLE_LABELS[role]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label="What do you hope to gain?"
          description="Optional"
          rows={4}
          resize="vertical"
          maxLength={2000}
          {...form.getInputProps('gain')}
        />
        <FormError message={serverError} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={send.isPending}>
            {mode === 'request' ? 'Request access' : 'Resubmit request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
