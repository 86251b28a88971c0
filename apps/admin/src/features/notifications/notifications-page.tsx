import { Stack, Text, Title } from '@mantine/core';
import { SchedulesSection } from './schedules-section';
import { SendForm } from './send-form';
import { SentList } from './sent-list';

/** /AdminDashboard/notification: send now or to a group, weekly schedules, and what was sent. */
export function NotificationsPage() {
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          Notifications
        </Title>
        <Text c="dimmed" mt={4}>
          Members get notifications in their in-app inbox and, on devices where they allowed it, as push
          notifications.
        </Text>
      </div>
      <SendForm />
      <SchedulesSection />
      <SentList />
    </Stack>
  );
}
