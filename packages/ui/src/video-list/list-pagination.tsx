import { countOf } from '@dance/domain';
import { Group, Pagination, Text } from '@mantine/core';

/** "16-30 of 62": the range of the current page. */
export function describeRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 videos';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}-${last} of ${countOf(total, 'video')}`;
}

export function countPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Pages of a list, with the range shown; hidden when everything fits on one page. */
export function ListPagination({
  page,
  pageSize,
  total,
  onChange,
  label = 'Pages',
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  const pages = countPages(total, pageSize);
  if (total <= pageSize && page <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" mt="lg" wrap="wrap">
      <Text fz="sm" c="dimmed">
        {describeRange(page, pageSize, total)}
      </Text>
      <nav aria-label={label}>
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          siblings={1}
          boundaries={1}
          radius="xl"
          size="md"
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': 'Previous page' }
              : control === 'next'
                ? { 'aria-label': 'Next page' }
                : {}
          }
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </nav>
    </Group>
  );
}
