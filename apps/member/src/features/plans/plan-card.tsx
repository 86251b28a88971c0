import {
  type BillingPeriod,
  displayPrice,
  findPlan,
  type PlanButton as PlanButtonModel,
  type PlanId,
  TRIAL_TEXTS,
} from '@dance/domain';
import { Badge, Card, CheckIcon, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PlanButton } from './plan-button';

export interface PlanCardProps {
  planId: PlanId;
  period: BillingPeriod;
  button: PlanButtonModel;
  isButtonShown: boolean;
  isBusy: boolean;
  isMostPopular?: boolean;
  /** Extra perks for this page (the studio video-call session). */
  extraPerks?: readonly string[];
  /** The free trial line: offered (one per person), already used, or none (an active plan, studio plans). */
  trial: 'offered' | 'used' | 'hidden';
  onSelect: () => void;
}

export function PlanCard(props: PlanCardProps) {
  const plan = findPlan(props.planId);
  const price = displayPrice(props.planId, props.period);
  const trialDays = plan.trialDays[props.period];
  const perks = [...plan.perks, ...(props.extraPerks ?? [])];
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      shadow={props.isMostPopular ? 'lg' : 'sm'}
      data-testid={`plan-card-${props.planId}`}
      style={{
        borderWidth: props.isMostPopular ? 2 : 1,
        borderColor: props.isMostPopular ? 'var(--mantine-color-stage-6)' : undefined,
        overflow: 'visible',
        position: 'relative',
      }}
    >
      {props.isMostPopular && (
        <Badge
          variant="gradient"
          gradient={{ from: 'stage.6', to: 'midnight.6', deg: 120 }}
          size="lg"
          style={{ position: 'absolute', top: -14, left: '50%', transform: 'translateX(-50%)' }}
        >
          Most popular
        </Badge>
      )}
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz={24}>
            {plan.title}
          </Title>
          {props.period === 'yearly' && plan.save !== null && (
            <Badge color="teal" variant="light">
              Save {plan.save}%
            </Badge>
          )}
        </Group>
        <div>
          <Group gap={4} align="baseline">
            <Text fz={40} fw={900} ff="heading" lh={1}>
              ${price.perMonth}
            </Text>
            <Text c="dimmed">/month</Text>
          </Group>
          <Text size="sm" c="dimmed" mt={6}>
            {price.annualTotal ? `$${price.annualTotal} billed annually` : 'Billed monthly'}
          </Text>
          {props.trial === 'offered' && trialDays > 0 && (
            <Text size="sm" fw={700} c="var(--mantine-color-stage-light-color)" mt={4}>
              {trialDays}-day free trial · {TRIAL_TEXTS.onePerPerson.toLowerCase()}
            </Text>
          )}
          {props.trial === 'used' && trialDays > 0 && (
            <Text size="sm" c="dimmed" mt={4} data-testid="trial-used">
              {TRIAL_TEXTS.used}
            </Text>
          )}
          {plan.seats > 1 && (
            <Text size="sm" fw={600} mt={4}>
              {plan.seats} seats: you plus {plan.seats - 1} dancers
            </Text>
          )}
        </div>
        <List
          spacing={8}
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <CheckIcon size={10} />
            </ThemeIcon>
          }
        >
          {perks.map((perk) => (
            <List.Item key={perk}>{perk}</List.Item>
          ))}
        </List>
        <PlanButton
          button={props.button}
          isShown={props.isButtonShown}
          isBusy={props.isBusy}
          isHighlighted={Boolean(props.isMostPopular)}
          onClick={props.onSelect}
          planTitle={plan.title}
        />
      </Stack>
    </Card>
  );
}
