import { MESSAGES, type TSessionUser } from '@dance/domain';
import { toast } from '@dance/ui';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useOpenPortal, useSubscriptionState } from '../../app/subscription';
import { goToUrl } from '../../shared/go-to-url';
import { readServerMessage } from '../../shared/server-message';

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '—';

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Subscription details (status, plan, period, next billing, trial end) and MANAGE SUBSCRIPTION. */
export function SubscriptionCard({ user }: { user: TSessionUser }) {
  const state = useSubscriptionState({ isEnabled: true });
  const portal = useOpenPortal();
  const sub = state.data?.subscription ?? null;
  const noData = state.isError ? MESSAGES.noDataFound : null;
  const show = (value: string | null | undefined) => noData ?? value ?? '—';
  // Back from a paid checkout (the provider's redirect): say what was bought (issue 22 item 7).
  const [searchParams] = useSearchParams();
  const isBackFromCheckout = searchParams.get('checkout') === 'succeeded';
  const isEnding = sub?.status === 'non_renewing';

  async function openPortal() {
    try {
      goToUrl((await portal.mutateAsync()).url);
    } catch (error) {
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} aria-labelledby="subscription-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="xl" id="subscription-title">
            Subscription
          </Title>
          {state.data && (
            <Badge color={state.data.isActive ? 'teal' : 'gray'} variant="filled" size="lg">
              {state.data.isActive ? 'Access active' : 'No access'}
            </Badge>
          )}
        </Group>
        {isBackFromCheckout && sub && state.data?.isActive && (
          <Alert color="teal" variant="light" role="status" data-testid="checkout-confirmation">
            Thank you! You are subscribed to {sub.planTitle} ({sub.periodLabel.toLowerCase()})
            {sub.status === 'in_trial' && sub.trialEnd
              ? `, free until ${formatDate(sub.trialEnd)}.`
              : `, next billed on ${formatDate(sub.nextBillingAt)}.`}
          </Alert>
        )}
        {isEnding && (
          <Text size="sm" fw={600} data-testid="subscription-access-until">
            Cancelled: you keep access until {formatDate(sub.cancelledAt ?? sub.currentTermEnd)}.
          </Text>
        )}
        {state.data?.accessVia === 'studio' && (
          <Text size="sm" c="dimmed">
            Your access comes from your studio's plan, managed by your studio owner.
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg">
          <Field
            label="Status"
            value={show(state.isPending ? '…' : (sub?.statusLabel ?? 'None'))}
            testId="subscription-status"
          />
          <Field
            label="Plan"
            value={show(state.isPending ? '…' : (sub?.planTitle ?? '—'))}
            testId="subscription-plan"
          />
          <Field label="Billing" value={show(sub?.periodLabel)} testId="subscription-period" />
          <Field
            label="Next billing"
            value={show(sub ? formatDate(sub.nextBillingAt) : null)}
            testId="subscription-next-billing"
          />
          <Field
            label="Trial ends"
            value={show(sub ? formatDate(sub.trialEnd) : null)}
            testId="subscription-trial-end"
          />
        </SimpleGrid>
        <Group gap="sm">
          {state.data?.canManage && (
            <Button radius="xl" onClick={openPortal} loading={portal.isPending}>
              MANAGE SUBSCRIPTION
            </Button>
          )}
          {state.data &&
            !state.data.isActive &&
            state.data.accessVia !== 'studio' &&
            user.userType !== 'subuser' && (
              <Anchor
                component={Link}
                to={user.userType === 'studio-owner' ? '/studioPlans' : '/plans'}
                fw={700}
              >
                Choose a plan
              </Anchor>
            )}
        </Group>
      </Stack>
    </Paper>
  );
}
