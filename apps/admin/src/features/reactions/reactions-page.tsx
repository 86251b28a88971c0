import {
  nextReactionSort,
  REACTION_DEFAULT_PAGE_SIZE,
  REACTION_DEFAULT_SORT,
  REACTION_PAGE_SIZES,
  REACTION_TEXTS,
  splitReactionSort,
  type TReactionSort,
  type TReactionSortColumn,
} from '@dance/domain';
import {
  Alert,
  Anchor,
  Badge,
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconChartBar,
  IconSearch,
  IconThumbUp,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListCard } from '../../components/list-card';
import { useCategories, useInstructors } from '../../components/lookup-queries';
import { mutedText } from '../../components/muted-text';
import { ScrollRegion } from '../../components/scroll-region';
import { useRevealDelay } from '../../components/use-reveal-delay';
import { WindowPagination } from '../../components/window-pagination';
import { useReactionList } from './queries';

const SEARCH_DEBOUNCE_MS = 500;
/** Spec 3 §9: the table's page size is kept in session storage. */
export const REACTION_LIMIT_STORAGE_KEY = 'reactionTableLimit';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function readStoredLimit(): number {
  try {
    const stored = Number(sessionStorage.getItem(REACTION_LIMIT_STORAGE_KEY));
    return (REACTION_PAGE_SIZES as readonly number[]).includes(stored) ? stored : REACTION_DEFAULT_PAGE_SIZE;
  } catch {
    return REACTION_DEFAULT_PAGE_SIZE;
  }
}

/** The table's columns; every one but the category sorts (spec 3 §9). */
const COLUMNS: { label: string; column?: TReactionSortColumn; numeric?: boolean }[] = [
  { label: 'Title', column: 'title' },
  { label: 'Category' },
  { label: 'Instructor', column: 'instructor' },
  { label: 'Likes', column: 'likes', numeric: true },
  { label: 'Dislikes', column: 'dislikes', numeric: true },
  { label: 'Date added', column: 'date' },
];

function SortHeader({
  label,
  column,
  sort,
  numeric,
  onSort,
}: {
  label: string;
  column: TReactionSortColumn;
  sort: TReactionSort;
  numeric?: boolean;
  onSort: (column: TReactionSortColumn) => void;
}) {
  const [current, direction] = splitReactionSort(sort);
  const isActive = current === column;
  const Icon = !isActive ? IconArrowsSort : direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={isActive ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
      ta={numeric ? 'right' : undefined}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        aria-label={`Sort by ${label.toLowerCase()}`}
      >
        {label}
        <Icon size={14} stroke={1.8} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** /AdminDashboard/Reaction: every video with its likes and dislikes (spec 3 §2, §3, §4, §9). */
export function ReactionsPage() {
  const [term, setTerm] = useState('');
  const [search] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readStoredLimit);
  const [sort, setSort] = useState<TReactionSort>(REACTION_DEFAULT_SORT);
  const [instructorIds, setInstructorIds] = useState<string[]>([]);
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const categories = useCategories();
  const instructors = useInstructors();
  const list = useReactionList({
    search,
    page,
    pageSize,
    sort,
    instructors: instructorIds,
    categories: categoryIds,
  });
  const isRevealed = useRevealDelay(`${search}|${page}|${pageSize}|${sort}|${instructorIds}|${categoryIds}`);

  // A new search or filter starts from the first page.
  useEffect(() => setPage(1), [search, instructorIds, categoryIds, pageSize]);

  function changePageSize(value: string | null) {
    const size = Number(value);
    if (!(REACTION_PAGE_SIZES as readonly number[]).includes(size)) return;
    try {
      sessionStorage.setItem(REACTION_LIMIT_STORAGE_KEY, String(size));
    } catch {
      // Storage may be blocked: the size still applies to this visit.
    }
    setPageSize(size);
  }

  const data = list.data;
  const isShowingList = data !== undefined && isRevealed && !(list.isFetching && list.isPlaceholderData);
  const onSort = (column: TReactionSortColumn) => {
    setSort((current) => nextReactionSort(current, column));
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Reactions
          </Title>
          <Text className={mutedText} size="sm">
            What members like and dislike, video by video.
          </Text>
        </div>
        <Anchor component={Link} to="/AdminDashboard/Reaction/reaction-stats" fw={600}>
          <Group gap={6} wrap="nowrap">
            <IconChartBar size={18} aria-hidden />
            Reaction statistics
          </Group>
        </Anchor>
      </Group>

      <Paper withBorder radius="lg" p="md" shadow="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Search videos"
            placeholder="Title or instructor"
            leftSection={<IconSearch size={18} />}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            rightSection={
              term ? <CloseButton aria-label="Clear search" onClick={() => setTerm('')} /> : undefined
            }
          />
          <MultiSelect
            label="Instructors"
            placeholder={instructorIds.length ? undefined : 'All instructors'}
            data={(instructors.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={instructorIds}
            onChange={setInstructorIds}
            searchable
            clearable
          />
          <MultiSelect
            label="Categories"
            placeholder={categoryIds.length ? undefined : 'All categories'}
            data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={categoryIds}
            onChange={setCategoryIds}
            searchable
            clearable
          />
        </SimpleGrid>
      </Paper>

      <ListCard
        noun="reactions"
        failure={
          list.isError && !list.isFetching ? (
            <Alert m="md" color="red" icon={<IconAlertTriangle />} title={REACTION_TEXTS.listError}>
              {list.error.message}
            </Alert>
          ) : null
        }
        isLoading={!isShowingList}
        isEmpty={data?.items.length === 0}
        emptyIcon={<IconThumbUp size={32} stroke={1.5} />}
        emptyText={REACTION_TEXTS.empty}
        skeletonRows={8}
        skeletonHeight={36}
      >
        {() => (
          <ScrollRegion label="Reactions: table">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="lg"
              highlightOnHover
              aria-label="Reactions"
              miw={820}
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map(({ label, column, numeric }) =>
                    column ? (
                      <SortHeader
                        key={label}
                        label={label}
                        column={column}
                        numeric={numeric}
                        sort={sort}
                        onSort={onSort}
                      />
                    ) : (
                      <Table.Th key={label}>{label}</Table.Th>
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(data?.items ?? []).map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {row.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.categoryName ? (
                        <Badge variant="light" tt="none">
                          {row.categoryName}
                        </Badge>
                      ) : (
                        <Text size="sm" className={mutedText}>
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.instructorName ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600}>
                        {row.likesCount.toLocaleString('en-US')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{row.dislikesCount.toLocaleString('en-US')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" className={mutedText}>
                        {dateFormat.format(new Date(row.dateAdded))}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </ListCard>

      <Group justify="space-between" align="center" wrap="wrap">
        <Select
          label="Rows per page"
          data={REACTION_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={changePageSize}
          allowDeselect={false}
          w={140}
        />
        {data && data.total > 0 && (
          <WindowPagination
            page={page}
            total={data.total}
            pageSize={pageSize}
            onChange={setPage}
            noun="videos"
          />
        )}
      </Group>
    </Stack>
  );
}
