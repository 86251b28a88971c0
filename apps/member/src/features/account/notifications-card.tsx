import { MESSAGES } from '@dance/domain';
import { toast } from '@dance/ui';
import { Paper, Switch, Text, Title } from '@mantine/core';
import { readServerMessage } from '../../shared/server-message';
import { useAccountDetails, useSetNotifications } from './queries';

/** The comment-notification preference (spec 1 §7 POST /user/notifications). */
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
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
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
    </Paper>
  );
}
