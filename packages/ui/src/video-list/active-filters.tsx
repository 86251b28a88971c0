import { DURATION_BUCKETS } from '@dance/domain';
import { Button, CloseButton, Group, Pill } from '@mantine/core';
import { countFilters, EMPTY_FILTERS, type VideoFilterValue } from './list-state';

type Key = keyof VideoFilterValue;

/** The applied filters as removable pills, with "Clear all". Names come from the look-up lists. */
export function ActiveFilters({
  filters,
  names,
  onChange,
}: {
  filters: VideoFilterValue;
  names: { tags: Map<string, string>; instructors: Map<string, string>; products: Map<string, string> };
  onChange: (filters: VideoFilterValue) => void;
}) {
  if (countFilters(filters) === 0) return null;
  const bucketLabel = new Map<string, string>(DURATION_BUCKETS.map((b) => [String(b.value), b.label]));
  const items: { key: Key; value: string; label: string }[] = [
    ...filters.tags.map((v) => ({ key: 'tags' as const, value: v, label: names.tags.get(v) ?? 'Tag' })),
    ...filters.durations.map((v) => ({
      key: 'durations' as const,
      value: String(v),
      label: bucketLabel.get(String(v)) ?? String(v),
    })),
    ...filters.levels.map((v) => ({ key: 'levels' as const, value: v, label: v })),
    ...filters.instructors.map((v) => ({
      key: 'instructors' as const,
      value: v,
      label: names.instructors.get(v) ?? 'Instructor',
    })),
    ...filters.products.map((v) => ({
      key: 'products' as const,
      value: v,
      label: names.products.get(v) ?? 'Product',
    })),
  ];

  function remove(key: Key, value: string) {
    const next = { ...filters };
    if (key === 'durations') next.durations = filters.durations.filter((v) => String(v) !== value);
    else if (key === 'levels') next.levels = filters.levels.filter((v) => v !== value);
    else next[key] = filters[key].filter((v) => v !== value);
    onChange(next);
  }

  return (
    <Group gap={6} aria-label="Active filters">
      {items.map((item) => (
        <Pill key={`${item.key}:${item.value}`} size="md" radius="xl">
          <Group gap={2} wrap="nowrap">
            {item.label}
            <CloseButton
              size="xs"
              radius="xl"
              aria-label={`Remove filter ${item.label}`}
              onClick={() => remove(item.key, item.value)}
            />
          </Group>
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={() => onChange(EMPTY_FILTERS)}>
        Clear all
      </Button>
    </Group>
  );
}
