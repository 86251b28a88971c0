import { DURATION_BUCKETS, LEVELS, MESSAGES, type TTag } from '@dance/domain';
import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { countFilters, EMPTY_FILTERS, type VideoFilterValue } from './list-state';
import { type LookupProps, SearchableCheckList } from './searchable-check-list';

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} fz="sm" tt="uppercase" lts={1} mb={8}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The filter of a list (spec 1 §9): tags, duration buckets, levels, instructors and products. It edits
 * a draft; Apply hands the draft over, Reset clears every filter.
 */
export function VideoFilterPanel({
  value,
  onApply,
  tags,
  instructorLookup,
  productLookup,
  hasDurations = true,
}: {
  value: VideoFilterValue;
  onApply: (value: VideoFilterValue) => void;
  tags: TTag[];
  instructorLookup: LookupProps;
  productLookup: LookupProps;
  /** False for lists of PDFs, which have no duration. */
  hasDurations?: boolean;
}) {
  const [draft, setDraft] = useState<VideoFilterValue>(value);
  const update = <K extends keyof VideoFilterValue>(key: K, next: VideoFilterValue[K]) =>
    setDraft((current) => ({ ...current, [key]: next }));

  return (
    <Stack gap="lg">
      <FilterGroup title="Tags">
        {tags.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No tags yet
          </Text>
        ) : (
          <Chip.Group multiple value={draft.tags} onChange={(next) => update('tags', next)}>
            <Group gap={6}>
              {tags.map((tag) => (
                <Chip key={tag.id} value={tag.id} size="xs" radius="sm" color={tag.color}>
                  {tag.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
      </FilterGroup>
      {hasDurations && (
        <FilterGroup title="Duration">
          <Chip.Group
            multiple
            value={draft.durations.map(String)}
            onChange={(next) => update('durations', next.map(Number))}
          >
            <Group gap={6}>
              {DURATION_BUCKETS.map((bucket) => (
                <Chip key={bucket.value} value={String(bucket.value)} size="xs" radius="sm">
                  {bucket.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </FilterGroup>
      )}
      <FilterGroup title="Level">
        <Chip.Group
          multiple
          value={draft.levels}
          onChange={(next) => update('levels', next as VideoFilterValue['levels'])}
        >
          <Group gap={6}>
            {LEVELS.map((level) => (
              <Chip key={level} value={level} size="xs" radius="sm">
                {level}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </FilterGroup>
      <FilterGroup title="Instructors">
        <SearchableCheckList
          label="Instructors"
          placeholder="Search instructors"
          emptyText={MESSAGES.noInstructorFound}
          selected={draft.instructors}
          onChange={(next) => update('instructors', next)}
          lookup={instructorLookup}
        />
      </FilterGroup>
      <FilterGroup title="Products">
        <SearchableCheckList
          label="Products"
          placeholder="Search products"
          emptyText={MESSAGES.noProductsFound}
          selected={draft.products}
          onChange={(next) => update('products', next)}
          lookup={productLookup}
        />
      </FilterGroup>
      <Group grow gap="sm" pt="xs" style={{ position: 'sticky', bottom: 0 }}>
        <Button
          variant="default"
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          Reset
        </Button>
        <Button onClick={() => onApply(draft)}>
          Apply{countFilters(draft) > 0 ? ` (${countFilters(draft)})` : ''}
        </Button>
      </Group>
    </Stack>
  );
}
