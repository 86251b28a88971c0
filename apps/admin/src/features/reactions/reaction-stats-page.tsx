import '@mantine/charts/styles.css';
import { REACTION_TEXTS, type TReactionGrouping } from '@dance/domain';
import { BarChart } from '@mantine/charts';
import {
  Accordion,
  Alert,
  Anchor,
  Card,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconChartBar, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCategories, useInstructors } from '../../components/lookup-queries';
import { mutedText } from '../../components/muted-text';
import { ScrollRegion } from '../../components/scroll-region';
import { useReactionStats } from './queries';

const GROUPINGS: { value: TReactionGrouping; label: string }[] = [
  { value: 'category', label: 'Category' },
  { value: 'instructor', label: 'Instructor' },
];

/** /AdminDashboard/Reaction/reaction-stats: likes and dislikes per category or instructor (spec 3 §2, §3, §5). */
export function ReactionStatsPage() {
  const [groupBy, setGroupBy] = useState<TReactionGrouping | null>(null);
  const [ids, setIds] = useState<string[]>([]);
  const categories = useCategories();
  const instructors = useInstructors();
  const stats = useReactionStats(groupBy, ids);
  const lookup = groupBy === 'instructor' ? instructors : categories;
  const options = (lookup.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }));
  const isInitialError = categories.isError || instructors.isError;
  const groups = stats.data?.groups ?? [];
  const isLoading = groupBy !== null && (stats.isPending || (stats.isFetching && stats.isPlaceholderData));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Reaction statistics
          </Title>
          <Text className={mutedText} size="sm">
            Likes and dislikes added up by category or by instructor.
          </Text>
        </div>
        <Anchor component={Link} to="/AdminDashboard/Reaction" fw={600}>
          <Group gap={6} wrap="nowrap">
            <IconArrowLeft size={18} aria-hidden />
            Reactions list
          </Group>
        </Anchor>
      </Group>

      {isInitialError && (
        <Alert color="red" icon={<IconAlertTriangle />} title={REACTION_TEXTS.initialError}>
          {(categories.error ?? instructors.error)?.message}
        </Alert>
      )}

      <Paper withBorder radius="lg" p="md" shadow="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Group by"
            placeholder="Choose a grouping"
            data={GROUPINGS}
            value={groupBy}
            onChange={(value) => {
              setGroupBy(value as TReactionGrouping | null);
              setIds([]);
            }}
          />
          <MultiSelect
            label={groupBy === 'instructor' ? 'Instructors' : 'Categories'}
            placeholder={
              ids.length ? undefined : groupBy === 'instructor' ? 'All instructors' : 'All categories'
            }
            data={options}
            value={ids}
            onChange={setIds}
            disabled={groupBy === null}
            searchable
            clearable
          />
        </SimpleGrid>
      </Paper>

      {groupBy === null ? (
        <Alert color="stage" variant="light" icon={<IconInfoCircle />}>
          {REACTION_TEXTS.chooseGrouping}
        </Alert>
      ) : stats.isError && !stats.isFetching ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={REACTION_TEXTS.statsError}>
          {stats.error.message}
        </Alert>
      ) : isLoading ? (
        <Card withBorder radius="lg" p="md" role="status" aria-label="Loading statistics">
          <Skeleton h={280} />
        </Card>
      ) : groups.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Stack align="center" className={mutedText} gap={6}>
            <IconChartBar size={32} stroke={1.5} aria-hidden />
            <Text>{REACTION_TEXTS.noData}</Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder radius="lg" p="md" shadow="xs">
            <Title order={2} fz="h4" mb="sm">
              Likes and dislikes by {groupBy}
            </Title>
            <BarChart
              h={Math.max(220, groups.length * 44)}
              data={groups.map((g) => ({ name: g.name, Likes: g.totalLikes, Dislikes: g.totalDislikes }))}
              dataKey="name"
              orientation="vertical"
              yAxisProps={{ width: 140 }}
              series={[
                { name: 'Likes', color: 'teal.6' },
                { name: 'Dislikes', color: 'red.6' },
              ]}
              withLegend
              role="img"
              aria-label={`Bar chart of likes and dislikes by ${groupBy}; the same figures are in the table below`}
            />
          </Card>

          <Card withBorder radius="lg" p={0} shadow="xs">
            <ScrollRegion label={`Totals by ${groupBy}: table`}>
              <Table
                verticalSpacing="sm"
                horizontalSpacing="lg"
                aria-label={`Totals by ${groupBy}`}
                miw={520}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{groupBy === 'instructor' ? 'Instructor' : 'Category'}</Table.Th>
                    <Table.Th ta="right">Likes</Table.Th>
                    <Table.Th ta="right">Dislikes</Table.Th>
                    <Table.Th ta="right">Videos</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {groups.map((g) => (
                    <Table.Tr key={g.id ?? 'none'}>
                      <Table.Td fw={600}>{g.name}</Table.Td>
                      <Table.Td ta="right">{g.totalLikes.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{g.totalDislikes.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{g.videoCount.toLocaleString('en-US')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          </Card>

          <div>
            <Title order={2} fz="h4" mb="sm">
              Videos in each {groupBy}
            </Title>
            <Accordion variant="separated" radius="md" multiple>
              {groups.map((g) => (
                <Accordion.Item key={g.id ?? 'none'} value={g.id ?? 'none'}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Text fw={600}>{g.name}</Text>
                      <Text size="sm" className={mutedText}>
                        {g.totalLikes} likes · {g.totalDislikes} dislikes
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Table verticalSpacing="xs" aria-label={`Videos of ${g.name}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Title</Table.Th>
                          <Table.Th ta="right">Likes</Table.Th>
                          <Table.Th ta="right">Dislikes</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {g.items.map((item) => (
                          <Table.Tr key={item.id}>
                            <Table.Td>{item.title}</Table.Td>
                            <Table.Td ta="right">{item.likes}</Table.Td>
                            <Table.Td ta="right">{item.dislikes}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                    {g.videoCount > g.items.length && (
                      <Text size="xs" className={mutedText} mt="xs">
                        The {g.items.length} most liked of {g.videoCount} videos.
                      </Text>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </div>
        </>
      )}
    </Stack>
  );
}
