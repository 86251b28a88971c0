import {
  type BillingPeriod,
  findPlan,
  hasUsedFreeTrial,
  INDIVIDUAL_PLAN_CARDS,
  isAdmin,
  MESSAGES,
  MOST_POPULAR_PLAN,
  TIMERS,
  VIDEO_CALL_PERK_PLANS,
} from '@dance/domain';
import { PageLoader } from '@dance/ui';
import { Alert, Anchor, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { isPlanRequired } from '../../app/plan-required';
import { PeriodToggle } from './period-toggle';
import { useDelayedReveal } from './plan-button';
import { PlanCard } from './plan-card';
import { usePlanActions } from './use-plan-actions';

/** /Plans (also /plans, /plan): the plan picker of spec 1 §2, §4, §9. Admins have no plans. */
export function PlansPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const actions = usePlanActions(TIMERS.plansPollMs);
  const isButtonShown = useDelayedReveal();
  const location = useLocation();
  if (actions.isLoading) return <PageLoader />;
  if (isAdmin(actions.user)) return <Navigate to="/" replace />;
  const state = actions.subscription.data;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={6} ta="center">
          <Title order={1} fz={{ base: 30, sm: 42 }}>
            Choose your plan
          </Title>
          <Text c="dimmed" maw={560} mx="auto">
            Unlimited lessons, exercises and classes from top dance teachers. Cancel any time.
          </Text>
        </Stack>
        {isPlanRequired(location.state) && (
          <Alert color="pink" variant="light" maw={640} mx="auto" w="100%" data-testid="plan-required">
            {MESSAGES.planRequiredToWatch}
          </Alert>
        )}
        <PeriodToggle value={period} onChange={setPeriod} />
        {actions.isAutoSubscribing && (
          <Stack align="center" gap={6} role="status">
            <Loader size="sm" />
            <Text size="sm">Taking you to checkout for the plan you chose…</Text>
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing={36} pt="md">
          {INDIVIDUAL_PLAN_CARDS.map((planId) => {
            const button = actions.describe(planId, period);
            const family = findPlan(planId).family;
            return (
              <PlanCard
                key={planId}
                planId={planId}
                period={period}
                button={button}
                isButtonShown={isButtonShown && (actions.user === null || actions.subscription.isFetched)}
                isBusy={actions.busyPlan === `${planId}:${period}`}
                isMostPopular={planId === MOST_POPULAR_PLAN}
                extraPerks={family === 'studio' && period === 'yearly' ? [VIDEO_CALL_PERK_PLANS] : undefined}
                trial={
                  !state
                    ? 'offered'
                    : state.isActive
                      ? 'hidden'
                      : hasUsedFreeTrial(state)
                        ? 'used'
                        : 'offered'
                }
                onSelect={() => actions.runPlanButton(button, planId, period)}
              />
            );
          })}
        </SimpleGrid>
        <Text ta="center" size="sm">
          Running a studio?{' '}
          <Anchor component={Link} to="/studioPlans" fw={700}>
            See studio plans with 5 or 10 seats
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
