import type { ListSort } from '@dance/ui';
import { Button, Group, Text } from '@mantine/core';
import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import { nextSort, pageWindow, SORT_DIRECTION_LABELS, sortTogglesFor, type TrcSort } from './list-rules';

/** The sort toggles (spec 2 §4): Date, Title and Duration (not for PDF lists); the active one turns round. */
export function TrcSortControl({
  value,
  isPdfList,
  onChange,
}: {
  value: TrcSort;
  isPdfList: boolean;
  onChange: (sort: TrcSort) => void;
}) {
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="Sort">
      <Text fz="sm" fw={600} c="dimmed" component="span">
        Sort
      </Text>
      {sortTogglesFor(isPdfList).map((toggle) => {
        const isActive = (toggle.sorts as readonly ListSort[]).includes(value);
        const isFirst = value === toggle.sorts[0];
        const Arrow = isFirst ? IconArrowDown : IconArrowUp;
        return (
          <Button
            key={toggle.key}
            size="compact-sm"
            radius="xl"
            variant={isActive ? 'filled' : 'default'}
            aria-pressed={isActive}
            aria-label={
              isActive
                ? `${toggle.label}: ${SORT_DIRECTION_LABELS[value]}`
                : `Sort by ${toggle.label.toLowerCase()}`
            }
            rightSection={isActive ? <Arrow size={14} aria-hidden /> : null}
            onClick={() => onChange(nextSort(value, toggle.key))}
          >
            {toggle.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** Pages with a window of 5 numbers (spec 2 §9), previous and next; hidden for a single page. */
export function TrcPagination({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label}>
      <Group gap={6} justify="center" mt="xl" wrap="wrap">
        <Button
          variant="default"
          radius="xl"
          size="sm"
          px={10}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
          aria-label="Previous page"
        >
          <IconChevronLeft size={16} />
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'filled' : 'default'}
            radius="xl"
            size="sm"
            miw={40}
            px={8}
            onClick={() => onChange(n)}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="default"
          radius="xl"
          size="sm"
          px={10}
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
          aria-label="Next page"
        >
          <IconChevronRight size={16} />
        </Button>
      </Group>
    </nav>
  );
}
