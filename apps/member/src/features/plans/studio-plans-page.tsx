import {
  INDIVIDUAL_ACCOUNT_TAGLINE,
  isAdmin,
  STUDIO_SEAT_OPTIONS,
  TIMERS,
  VIDEO_CALL_PERK_STUDIO_PAGE,
} from '@dance/domain';
import { PageLoader } from '@dance/ui';
import { Anchor, Badge, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useDelayedReveal } from './plan-button';
import { PlanCard } from './plan-card';
import { usePlanActions } from './use-plan-actions';

/** /studioPlans: 5 or 10 seats, yearly (spec 1 §2); polls subscription and personal details every 3 s. */
export function StudioPlansPage() {
  const actions = usePlanActions(TIMERS.studioSeatsPollMs);
  const isButtonShown = useDelayedReveal();
  if (actions.isLoading) return <PageLoader />;
  if (isAdmin(actions.user)) return <Navigate to="/" replace />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={6} ta="center">
          <Title order={1} fz={{ base: 30, sm: 42 }}>
            Studio plans
          </Title>
          <Text c="dimmed" maw={560} mx="auto">
            One account for your studio: pick 5 or 10 seats, billed yearly, and add your dancers and teachers.
          </Text>
          <Group justify="center">
            <Badge variant="light" size="lg">
              Yearly
            </Badge>
          </Group>
        </Stack>
        {actions.isAutoSubscribing && (
          <Stack align="center" gap={6} role="status">
            <Loader size="sm" />
            <Text size="sm">Taking you to checkout for the plan you chose…</Text>
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing={36}>
          {STUDIO_SEAT_OPTIONS.map((planId) => {
            const button = actions.describe(planId, 'yearly');
            return (
              <PlanCard
                key={planId}
                planId={planId}
                period="yearly"
                button={button}
                isButtonShown={isButtonShown && (actions.user === null || actions.subscription.isFetched)}
                isBusy={actions.busyPlan === `${planId}:yearly`}
                isMostPopular={planId === 'STUDIO-10'}
                extraPerks={[VIDEO_CALL_PERK_STUDIO_PAGE]}
                trial="hidden"
                onSelect={() => actions.runPlanButton(button, planId, 'yearly')}
              />
            );
          })}
        </SimpleGrid>
        <Text ta="center">
          <Anchor component={Link} to="/Plans" fw={700}>
            {INDIVIDUAL_ACCOUNT_TAGLINE}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
