import { fullName, initialsOf, policy, type TSessionUser } from '@dance/domain';
import { Avatar, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useViewer } from '../../app/use-viewer';
import { ChangePasswordCard } from './change-password-card';
import { NotificationsCard } from './notifications-card';
import { PersonalDetailsCard } from './personal-details-card';
import { ProfileImageButton } from './profile-image-button';
import { StudioSeatsCard } from './studio-seats-card';
import { SubscriptionCard } from './subscription-card';

const ACCOUNT_KIND_LABELS: Record<NonNullable<TSessionUser['userType']> | 'admin' | 'none', string> = {
  admin: 'Administrator',
  'studio-owner': 'Studio owner',
  subuser: 'Studio member',
  vip: 'Plus member',
  'individual-user': 'Standard member',
  none: 'No plan yet',
};

function describeAccountKind(user: TSessionUser): string {
  if (user.role === 'admin') return ACCOUNT_KIND_LABELS.admin;
  return ACCOUNT_KIND_LABELS[user.userType ?? 'none'];
}

/** My account (spec 1 §2): login required; the route gate sends guests to /login. */
export function AccountPage() {
  const { user } = useViewer();
  if (!user) return null;
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          My Account
        </Title>
        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} style={{ background: 'var(--dance-gradient-soft)' }}>
          <Group gap="lg" wrap="nowrap">
            <Avatar
              src={user.imageUrl}
              alt={fullName(user)}
              size={72}
              radius={999}
              variant="gradient"
              gradient={{ from: 'stage.6', to: 'midnight.6', deg: 120 }}
            >
              {initialsOf(user)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={800} fz="xl" ff="heading" truncate>
                {fullName(user)}
              </Text>
              <Text c="dimmed" truncate>
                {user.email}
              </Text>
              <Group gap="xs" mt={8}>
                <Badge variant="light">{describeAccountKind(user)}</Badge>
                <ProfileImageButton />
              </Group>
            </div>
          </Group>
        </Paper>
        {user.role !== 'admin' && <SubscriptionCard user={user} />}
        {policy.canManageStudioSeats(user) && <StudioSeatsCard />}
        <PersonalDetailsCard key={`${user.id}:${user.email}`} user={user} />
        <ChangePasswordCard />
        <NotificationsCard />
      </Stack>
    </Container>
  );
}
