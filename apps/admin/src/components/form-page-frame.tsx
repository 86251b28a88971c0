import { CONTENT_MESSAGES } from '@dance/domain';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface FormPageFrameProps<T> {
  /** The list this form belongs to, linked above the title. */
  backTo: string;
  backLabel: string;
  title: string;
  maxWidth: number;
  /** Editing loads the record first; adding starts from an empty form. */
  isEdit: boolean;
  record: { isPending: boolean; isError: boolean; data: T | undefined };
  loadFailedMessage: string;
  /** The form, once there is something to edit (or nothing to load); null when adding. */
  children: (record: T | null) => ReactNode;
}

/** The frame of an admin add/edit page: back link, title, and the loading and failure states of an edit. */
export function FormPageFrame<T>({
  backTo,
  backLabel,
  title,
  maxWidth,
  isEdit,
  record,
  loadFailedMessage,
  children,
}: FormPageFrameProps<T>) {
  return (
    <Stack maw={maxWidth} mx="auto" gap="lg">
      <div>
        <Anchor component={Link} to={backTo} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} /> {backLabel}
          </Group>
        </Anchor>
        <Title order={1} size="h2" mt={4}>
          {title}
        </Title>
      </div>
      {isEdit && record.isPending && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{CONTENT_MESSAGES.loading}</Text>
        </Group>
      )}
      {isEdit && record.isError && (
        <Alert color="red" variant="light" role="alert">
          {loadFailedMessage}
        </Alert>
      )}
      {(!isEdit || record.data) && children(record.data ?? null)}
    </Stack>
  );
}

/** The end of an admin form: Cancel back to the list, and the submit button (busy while saving or uploading). */
export function FormActions({
  cancelTo,
  isSaving,
  submitLabel,
}: {
  cancelTo: string;
  isSaving: boolean;
  submitLabel: string;
}) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" component={Link} to={cancelTo}>
        Cancel
      </Button>
      <Button type="submit" loading={isSaving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
