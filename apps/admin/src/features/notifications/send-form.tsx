import { ApiError, useSession } from '@dance/api-client';
import {
  ADMIN_NOTIFICATION_KINDS,
  type AdminNotificationKind,
  CONTENT_MESSAGES,
  GROUP_NOTIFICATION_STATUSES,
  GROUP_STATUS_LABELS,
  type GroupNotificationStatus,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
} from '@dance/domain';
import { toast } from '@dance/ui';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ImagePicker } from '../../components/image-picker';
import { uploadImage } from '../../components/upload-image';
import { NotificationPreview } from './notification-preview';
import { useRecipientCounts, useSendNotification } from './queries';

type Audience = 'all' | 'group';
interface Errors {
  title?: string;
  body?: string;
  image?: string;
  url?: string;
  status?: string;
  form?: string;
}

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`;

/** Send now to everyone or to a subscription group, with the recipients counted before sending. */
export function SendForm() {
  const session = useSession();
  const send = useSendNotification();
  const [audience, setAudience] = useState<Audience>('all');
  const [status, setStatus] = useState<GroupNotificationStatus | null>(null);
  const [kind, setKind] = useState<AdminNotificationKind>('release');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isUploading, setIsUploading] = useState(false);
  const counts = useRecipientCounts(kind);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const recipients =
    audience === 'all' ? counts.data?.all : status ? counts.data?.byStatus[status] : undefined;
  const failedText =
    audience === 'group' ? NOTIFICATION_MESSAGES.groupFailed : NOTIFICATION_MESSAGES.sendFailed;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!title.trim()) next.title = NOTIFICATION_MESSAGES.titleRequired;
    if (!body.trim()) next.body = NOTIFICATION_MESSAGES.bodyRequired;
    if (audience === 'group' && !status) next.status = NOTIFICATION_MESSAGES.statusRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    const csrfToken = session.data?.csrfToken;
    if (!csrfToken) {
      setErrors({ form: CONTENT_MESSAGES.pleaseLoginFirst });
      return;
    }
    try {
      let image: string | null = null;
      if (file) {
        setIsUploading(true);
        image = await uploadImage(file, 'notification', csrfToken).finally(() => setIsUploading(false));
      }
      const payload = { title: title.trim(), body: body.trim(), image, url: url.trim() || null, kind };
      await send.mutateAsync(
        audience === 'group' && status ? { body: { ...payload, status }, isGroup: true } : { body: payload },
      );
      toast.success(audience === 'group' ? NOTIFICATION_MESSAGES.groupSent : NOTIFICATION_MESSAGES.sent);
      setTitle('');
      setBody('');
      setUrl('');
      setFile(null);
    } catch (error) {
      const fields = error instanceof ApiError ? error.problem?.fields : undefined;
      setErrors({
        title: fields?.title,
        body: fields?.body,
        image: fields?.image,
        url: fields?.url,
        form: failedText,
      });
      toast.error(failedText);
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="form"
      onSubmit={handleSubmit}
      noValidate
    >
      <Title order={2} size="h3" mb="md">
        Send a notification
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {errors.form && (
              <Alert color="red" variant="light" role="alert">
                {errors.form}
              </Alert>
            )}
            <div>
              <Text size="sm" fw={500} mb={4} id="audience-label">
                Send to
              </Text>
              <SegmentedControl
                aria-labelledby="audience-label"
                value={audience}
                onChange={(v) => setAudience(v as Audience)}
                data={[
                  { value: 'all', label: 'Everyone' },
                  { value: 'group', label: 'Subscription group' },
                ]}
              />
            </div>
            {audience === 'group' && (
              <Select
                label="Subscription status"
                placeholder="Pick a status"
                withAsterisk
                value={status}
                onChange={(v) => {
                  setStatus(v as GroupNotificationStatus | null);
                  setErrors((e) => ({ ...e, status: undefined }));
                }}
                data={GROUP_NOTIFICATION_STATUSES.map((s) => ({
                  value: s,
                  label: `${GROUP_STATUS_LABELS[s]}${counts.data ? ` (${plural(counts.data.byStatus[s])})` : ''}`,
                }))}
                error={errors.status}
                allowDeselect={false}
              />
            )}
            <Select
              label="Kind"
              description="Members choose which kinds they receive on their account page"
              value={kind}
              onChange={(v) => v && setKind(v as AdminNotificationKind)}
              data={ADMIN_NOTIFICATION_KINDS.map((k) => ({ value: k, label: NOTIFICATION_KIND_LABELS[k] }))}
              allowDeselect={false}
            />
            <TextInput
              label="Title"
              withAsterisk
              maxLength={120}
              value={title}
              onChange={(e) => {
                setTitle(e.currentTarget.value);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
              error={errors.title}
            />
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={3}
              maxLength={500}
              value={body}
              onChange={(e) => {
                setBody(e.currentTarget.value);
                setErrors((x) => ({ ...x, body: undefined }));
              }}
              error={errors.body}
            />
            <TextInput
              label="Opens"
              description="A page of the member app, e.g. /classes (home when empty)"
              placeholder="/classes"
              value={url}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setErrors((x) => ({ ...x, url: undefined }));
              }}
              error={errors.url}
            />
            <ImagePicker
              label="Image (optional)"
              isRequired={false}
              currentUrl={null}
              file={file}
              onFileChange={(f) => {
                setFile(f);
                setErrors((x) => ({ ...x, image: undefined }));
              }}
              error={errors.image}
              aspectRatio={2}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <NotificationPreview title={title} body={body} imageUrl={preview} />
            <Paper radius="md" p="md" bg="var(--mantine-color-default-hover)">
              <Text size="sm" fw={600}>
                Recipients
              </Text>
              <Text size="xl" fw={800} aria-live="polite">
                {recipients === undefined ? '—' : plural(recipients)}
              </Text>
              <Text size="xs" c="dimmed">
                Members who want this kind in the app or by push. Sending runs in the background in batches.
              </Text>
            </Paper>
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={isUploading || send.isPending}
                disabled={recipients === 0}
              >
                {audience === 'group' ? 'Send to group' : 'Send now'}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
