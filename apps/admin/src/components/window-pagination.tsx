import { pageWindow } from '@dance/domain';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';

interface WindowPaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the list holds, for the summary ("videos", "users"). */
  noun: string;
}

/** Pages of an admin list with a window of 5 page numbers (spec 3 §9), plus first, previous, next and last. */
export function WindowPagination({ page, total, pageSize, onChange, noun }: WindowPaginationProps) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const isFirst = page <= 1;
  const isLast = page >= totalPages;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm">{total === 0 ? `No ${noun}` : `${first}–${last} of ${total} ${noun}`}</Text>
      {totalPages > 1 && (
        <Group gap={6} component="nav" aria-label="Pages" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            disabled={isFirst}
            onClick={() => onChange(1)}
            aria-label="First page"
          >
            <IconChevronsLeft size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            disabled={isFirst}
            onClick={() => onChange(page - 1)}
            aria-label="Previous page"
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pageWindow(page, totalPages).map((n) => (
            <Button
              key={n}
              size="compact-md"
              h={34}
              miw={34}
              radius="md"
              px={8}
              variant={n === page ? 'filled' : 'default'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onChange(n)}
            >
              {n}
            </Button>
          ))}
          <ActionIcon
            variant="default"
            size="lg"
            disabled={isLast}
            onClick={() => onChange(page + 1)}
            aria-label="Next page"
          >
            <IconChevronRight size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            disabled={isLast}
            onClick={() => onChange(totalPages)}
            aria-label="Last page"
          >
            <IconChevronsRight size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
