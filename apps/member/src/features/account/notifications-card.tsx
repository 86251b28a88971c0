import { useApiClient } from '@dance/api-client';
import {
  defaultPreference,
  isLockedPreference,
  MESSAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@dance/domain';
import { toast } from '@dance/ui';
import { Button, Checkbox, Divider, Group, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { disablePush, enablePush, type PushState, readPushState } from '../../shared/push';
import { readServerMessage } from '../../shared/server-message';
import {
  useAccountDetails,
  useNotificationPreferences,
  useSaveNotificationPreference,
  useSetNotifications,
} from './queries';

const CHANNEL_HEADERS: Record<NotificationChannel, string> = {
  inbox: 'In the app',
  push: 'Push',
  mail: 'Email',
};

const PUSH_STATE_TEXT: Record<PushState, string> = {
  unsupported: 'This browser cannot receive push notifications.',
  default: 'Push notifications are off on this device.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  enabled: 'Push notifications are on for this device.',
};

/** Push on this device: turned on only by the member's click (the browser asks for permission then). */
function PushDeviceRow() {
  const client = useApiClient();
  const [state, setState] = useState<PushState | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    readPushState().then(setState, () => setState('unsupported'));
  }, []);
  if (!state) return null;

  async function toggle() {
    setIsBusy(true);
    try {
      setState(state === 'enabled' ? await disablePush(client) : await enablePush(client));
    } catch (error) {
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed">
        {PUSH_STATE_TEXT[state]}
      </Text>
      {(state === 'default' || state === 'enabled') && (
        <Button size="xs" variant="light" loading={isBusy} onClick={toggle}>
          {state === 'enabled' ? 'Turn off on this device' : 'Turn on push on this device'}
        </Button>
      )}
    </Group>
  );
}

/** Which notifications the member wants, per kind and channel (issue 17). */
function PreferencesTable() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const isEnabled = (kind: NotificationKind, channel: NotificationChannel) => {
    // The change being saved shows at once.
    const pending = save.isPending ? save.variables : undefined;
    if (pending?.kind === kind && pending.channel === channel) return pending.enabled;
    return (
      preferences.data?.preferences.find((p) => p.kind === kind && p.channel === channel)?.enabled ??
      defaultPreference(kind, channel)
    );
  };

  async function change(kind: NotificationKind, channel: NotificationChannel, enabled: boolean) {
    try {
      const { message } = await save.mutateAsync({ kind, channel, enabled });
      toast.success(message);
    } catch (error) {
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  if (preferences.isError)
    return (
      <Text size="sm" c="red">
        {MESSAGES.noDataFound}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" aria-label="Notification preferences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Notify me about</Table.Th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Table.Th key={channel} ta="center" w={88}>
                  {CHANNEL_HEADERS[channel]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <Table.Tr key={kind}>
                <Table.Td>{NOTIFICATION_KIND_LABELS[kind]}</Table.Td>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Table.Td key={channel}>
                    <Group justify="center">
                      <Checkbox
                        aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${CHANNEL_HEADERS[channel]}`}
                        checked={isEnabled(kind, channel)}
                        disabled={
                          preferences.isPending || save.isPending || isLockedPreference(kind, channel)
                        }
                        onChange={(event) => change(kind, channel, event.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        Account and billing emails (password reset, email change, receipts) are always sent. Every other email
        has a one-click unsubscribe link.
      </Text>
    </>
  );
}

/** The comment-notification preference (spec 1 §7 POST /user/notifications) and the preferences of issue 17. */
export function NotificationsCard() {
  const details = useAccountDetails();
  const setNotifications = useSetNotifications();
  const isOn = setNotifications.isPending
    ? Boolean(setNotifications.variables)
    : (details.data?.commentNotifications ?? true);

  async function toggle(next: boolean) {
    try {
      const { message } = await setNotifications.mutateAsync(next);
      toast.success(message);
    } catch (error) {
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="notifications-card">
      <Title order={2} fz="xl" mb="sm">
        Notifications
      </Title>
      <Switch
        size="md"
        checked={isOn}
        disabled={details.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
        label="Comment notifications"
        description="Email me when someone replies to my comments."
      />
      {details.isError && (
        <Text size="sm" c="red" mt="xs">
          {MESSAGES.noDataFound}
        </Text>
      )}
      <Divider my="md" />
      <PreferencesTable />
      <Divider my="md" />
      <PushDeviceRow />
    </Paper>
  );
}
