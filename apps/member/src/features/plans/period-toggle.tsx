import { type BillingPeriod, YEARLY_TOGGLE_BADGE } from '@dance/domain';
import { Badge, Group, SegmentedControl } from '@mantine/core';

/** Monthly / yearly, with the yearly toggle's "up to 45% OFF" (spec 1 §9). */
export function PeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (v: BillingPeriod) => void;
}) {
  return (
    <Group justify="center" gap="sm">
      <SegmentedControl
        radius="xl"
        size="md"
        value={value}
        onChange={(v) => onChange(v as BillingPeriod)}
        data={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly' },
        ]}
        aria-label="Billing period"
      />
      <Badge color="teal" variant="filled" size="lg">
        {YEARLY_TOGGLE_BADGE}
      </Badge>
    </Group>
  );
}
