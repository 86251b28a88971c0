import '@mantine/charts/styles.css';
import { OVERVIEW_DEFAULT_DAYS, OVERVIEW_MAX_DAYS, type TOverview } from '@dance/domain';
import { AreaChart, BarChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { mutedText } from '../../components/muted-text';
import { ScrollRegion } from '../../components/scroll-region';
import { type CsvValue, downloadCsv, toCsv } from './csv';
import { useOverview } from './queries';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const PRESETS = ['7', '30', '90', '365'] as const;
const PLAN_LABELS: Record<string, string> = {
  INDIVIDUAL: 'Standard',
  VIP: 'Plus',
  'STUDIO-5': 'Studio 5',
  'STUDIO-10': 'Studio 10',
};
const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  future: 'Future',
  in_trial: 'Trial',
  non_renewing: 'Non Renewing',
  paused: 'Paused',
  cancelled: 'Cancelled',
  transferred: 'Transferred',
};
const STATUS_COLORS: Record<string, string> = {
  active: 'teal.6',
  in_trial: 'blue.5',
  non_renewing: 'yellow.6',
  future: 'grape.5',
  paused: 'gray.5',
  cancelled: 'red.6',
  transferred: 'dark.3',
};
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

function lastDays(days: number) {
  const to = new Date();
  return { from: isoDay(new Date(to.getTime() - (days - 1) * DAY_MS)), to: isoDay(to) };
}

function validRange(from: string, to: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'Choose both dates.';
  if (from > to) return 'Select a valid date range (From must be ≤ To).';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > OVERVIEW_MAX_DAYS)
    return `Choose at most ${OVERVIEW_MAX_DAYS} days.`;
  return null;
}

interface SectionProps {
  title: string;
  description?: string;
  /** The CSV's file name without extension, and its table. */
  csvName: string;
  header: readonly string[];
  rows: readonly (readonly CsvValue[])[];
  chart?: ReactNode;
  /** Cells as shown, when they differ from the CSV's raw values. */
  renderRow?: (row: readonly CsvValue[], index: number) => ReactNode;
  range: { from: string; to: string };
}

/** One figure of the overview: its chart, the same numbers as a table, and their CSV. */
function Section({ title, description, csvName, header, rows, chart, renderRow, range }: SectionProps) {
  return (
    <Card withBorder radius="lg" p="md" shadow="xs" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" className={mutedText}>
              {description}
            </Text>
          )}
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadCsv(`${csvName}_${range.from}_${range.to}.csv`, toCsv(header, rows))}
          disabled={rows.length === 0}
          style={{ flexShrink: 0 }}
          aria-label={`Export ${title} as CSV`}
        >
          CSV
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text className={mutedText} size="sm" py="md">
          No data for the selected filters.
        </Text>
      ) : (
        <Stack gap="md">
          {chart}
          <ScrollRegion label={`${title}: table`} maxHeight={320}>
            <Table verticalSpacing={6} striped aria-label={title} stickyHeader miw={header.length * 90}>
              <Table.Thead>
                <Table.Tr>
                  {header.map((h, i) => (
                    <Table.Th key={h} ta={i === 0 ? undefined : 'right'}>
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) =>
                  renderRow ? (
                    renderRow(row, index)
                  ) : (
                    <Table.Tr key={String(row[0]) + index}>
                      {row.map((cell, i) => (
                        <Table.Td key={header[i]} ta={i === 0 ? undefined : 'right'}>
                          {typeof cell === 'number' ? numberFormat.format(cell) : cell}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </Stack>
      )}
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="lg" p="md">
      <Text size="sm" className={mutedText}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

function membersChartData(data: TOverview) {
  const plans = [...new Set(data.membersByPlan.map((r) => r.planId))];
  const statuses = [...new Set(data.membersByPlan.map((r) => r.status))];
  return {
    rows: plans.map((plan) => ({
      plan: PLAN_LABELS[plan] ?? plan,
      ...Object.fromEntries(
        statuses.map((s) => [
          STATUS_LABELS[s] ?? s,
          data.membersByPlan.find((r) => r.planId === plan && r.status === s)?.members ?? 0,
        ]),
      ),
    })),
    series: statuses.map((s) => ({ name: STATUS_LABELS[s] ?? s, color: STATUS_COLORS[s] ?? 'gray.6' })),
  };
}

/** /AdminDashboard/Overview: what the team checks every morning, for a range of days (issue 18). */
export function OverviewPage() {
  const [preset, setPreset] = useState<string>(String(OVERVIEW_DEFAULT_DAYS));
  const [draft, setDraft] = useState(() => lastDays(OVERVIEW_DEFAULT_DAYS));
  const rangeError = validRange(draft.from, draft.to);
  const [range, setRange] = useState(draft);
  const overview = useOverview(range);
  const data = overview.data;

  const choosePreset = (value: string) => {
    setPreset(value);
    const next = lastDays(Number(value));
    setDraft(next);
    setRange(next);
  };
  const changeDate = (key: 'from' | 'to', value: string) => {
    const next = { ...draft, [key]: value };
    setPreset('');
    setDraft(next);
    if (validRange(next.from, next.to) === null) setRange(next);
  };

  const totalMembers = data?.membersByPlan
    .filter((r) => !['cancelled', 'transferred'].includes(r.status))
    .reduce((n, r) => n + r.members, 0);
  const totalMinutes = data?.watchMinutesByDay.reduce((n, d) => n + d.minutes, 0);
  const net = data?.weekly.reduce((n, w) => n + w.net, 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Overview
          </Title>
          <Text className={mutedText} size="sm">
            Members, trials, growth and watching for the days you choose (UTC).
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Quick range"
            value={preset}
            onChange={choosePreset}
            data={PRESETS.map((d) => ({ value: d, label: `${d} days` }))}
          />
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            max={draft.to}
            onChange={(e) => changeDate('from', e.currentTarget.value)}
            error={rangeError ? true : undefined}
            w={160}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            min={draft.from}
            onChange={(e) => changeDate('to', e.currentTarget.value)}
            error={rangeError ? true : undefined}
            w={160}
          />
        </Group>
      </Group>
      {rangeError && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          {rangeError}
        </Alert>
      )}

      {overview.isError && !overview.isFetching ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The overview could not be loaded">
          {overview.error.message}
        </Alert>
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-label="Loading the overview">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="md">
            <Stat label="Members now" value={numberFormat.format(totalMembers ?? 0)} />
            <Stat label="Net new members" value={numberFormat.format(net ?? 0)} />
            <Stat label="Trials started" value={numberFormat.format(data.trials.started)} />
            <Stat label="Trials converted" value={numberFormat.format(data.trials.converted)} />
            <Stat label="Trials lapsed" value={numberFormat.format(data.trials.lapsed)} />
            <Stat label="Minutes watched" value={numberFormat.format(Math.round(totalMinutes ?? 0))} />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Section
              title="Members by plan and status"
              description="Each member once, by their latest subscription, today."
              csvName="members-by-plan"
              range={range}
              header={['Plan', 'Status', 'Members']}
              rows={data.membersByPlan.map((r) => [
                PLAN_LABELS[r.planId] ?? r.planId,
                STATUS_LABELS[r.status] ?? r.status,
                r.members,
              ])}
              chart={(() => {
                const chart = membersChartData(data);
                return (
                  <BarChart
                    h={220}
                    data={chart.rows}
                    dataKey="plan"
                    type="stacked"
                    series={chart.series}
                    withLegend
                    role="img"
                    aria-label="Stacked bar chart of members by plan and status"
                  />
                );
              })()}
            />
            <Section
              title="Trials"
              description="Started in the range; of the trials that ended in it, converted to paid or lapsed."
              csvName="trials"
              range={range}
              header={['Trials', 'Count']}
              rows={[
                ['Started', data.trials.started],
                ['Converted', data.trials.converted],
                ['Lapsed', data.trials.lapsed],
              ]}
              chart={
                <BarChart
                  h={180}
                  data={[
                    {
                      trials: 'Trials',
                      Started: data.trials.started,
                      Converted: data.trials.converted,
                      Lapsed: data.trials.lapsed,
                    },
                  ]}
                  dataKey="trials"
                  orientation="vertical"
                  yAxisProps={{ width: 60 }}
                  series={[
                    { name: 'Started', color: 'blue.5' },
                    { name: 'Converted', color: 'teal.6' },
                    { name: 'Lapsed', color: 'red.6' },
                  ]}
                  withLegend
                  role="img"
                  aria-label="Bar chart of trials started, converted and lapsed"
                />
              }
            />
            <Section
              title="New, cancelled and net members per week"
              description="Subscriptions started and cancelled, by week (from Monday)."
              csvName="weekly-members"
              range={range}
              header={['Week of', 'New', 'Cancelled', 'Net']}
              rows={data.weekly.map((w) => [w.week, w.new, w.cancelled, w.net])}
              chart={
                <BarChart
                  h={240}
                  data={data.weekly.map((w) => ({
                    week: w.week.slice(5),
                    New: w.new,
                    Cancelled: -w.cancelled,
                    Net: w.net,
                  }))}
                  dataKey="week"
                  series={[
                    { name: 'New', color: 'teal.6' },
                    { name: 'Cancelled', color: 'red.6' },
                    { name: 'Net', color: 'stage.6' },
                  ]}
                  withLegend
                  role="img"
                  aria-label="Bar chart of new, cancelled (below zero) and net members per week"
                />
              }
            />
            <Section
              title="Watch minutes per day"
              description="Minutes of video members played each day."
              csvName="watch-minutes"
              range={range}
              header={['Day', 'Minutes']}
              rows={data.watchMinutesByDay.map((d) => [d.day, d.minutes])}
              chart={
                <AreaChart
                  h={240}
                  data={data.watchMinutesByDay.map((d) => ({ day: d.day.slice(5), Minutes: d.minutes }))}
                  dataKey="day"
                  series={[{ name: 'Minutes', color: 'stage.6' }]}
                  curveType="monotone"
                  withDots={false}
                  role="img"
                  aria-label="Area chart of watch minutes per day"
                />
              }
            />
            <Section
              title="Top videos by minutes watched"
              csvName="top-videos-minutes"
              range={range}
              header={['Video', 'Minutes']}
              rows={data.topByMinutes.map((v) => [v.title, v.minutes])}
              chart={
                <BarChart
                  h={Math.max(160, data.topByMinutes.length * 32)}
                  data={data.topByMinutes.map((v) => ({ title: v.title, Minutes: v.minutes }))}
                  dataKey="title"
                  orientation="vertical"
                  yAxisProps={{ width: 150 }}
                  series={[{ name: 'Minutes', color: 'stage.6' }]}
                  role="img"
                  aria-label="Bar chart of the most watched videos"
                />
              }
            />
            <Section
              title="Top videos by completion rate"
              description="Members who finished over members who watched, in the range (3 viewers or more)."
              csvName="top-videos-completion"
              range={range}
              header={['Video', 'Viewers', 'Completed', 'Completion rate']}
              rows={data.topByCompletion.map((v) => [v.title, v.viewers, v.completed, v.completionRate])}
              renderRow={(row, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{row[0]}</Table.Td>
                  <Table.Td ta="right">{row[1]}</Table.Td>
                  <Table.Td ta="right">{row[2]}</Table.Td>
                  <Table.Td ta="right">{percentFormat.format(Number(row[3]))}</Table.Td>
                </Table.Tr>
              )}
              chart={
                <BarChart
                  h={Math.max(160, data.topByCompletion.length * 32)}
                  data={data.topByCompletion.map((v) => ({
                    title: v.title,
                    'Completion rate (%)': Math.round(v.completionRate * 1000) / 10,
                  }))}
                  dataKey="title"
                  orientation="vertical"
                  yAxisProps={{ width: 150 }}
                  series={[{ name: 'Completion rate (%)', color: 'teal.6' }]}
                  role="img"
                  aria-label="Bar chart of the videos members finish most"
                />
              }
            />
            <Section
              title="Top videos by likes"
              description="Likes given in the range."
              csvName="top-videos-likes"
              range={range}
              header={['Video', 'Likes']}
              rows={data.topByLikes.map((v) => [v.title, v.likes])}
              chart={
                <BarChart
                  h={Math.max(160, data.topByLikes.length * 32)}
                  data={data.topByLikes.map((v) => ({ title: v.title, Likes: v.likes }))}
                  dataKey="title"
                  orientation="vertical"
                  yAxisProps={{ width: 150 }}
                  series={[{ name: 'Likes', color: 'teal.6' }]}
                  role="img"
                  aria-label="Bar chart of the most liked videos"
                />
              }
            />
            <Section
              title="Studios and their seats"
              description="Seats taken (the owner and each sub-user) of the plan's seats, today."
              csvName="studio-seats"
              range={range}
              header={['Studio', 'Plan', 'Seats used', 'Seats']}
              rows={data.studios.map((s) => [
                s.name,
                s.planId ? (PLAN_LABELS[s.planId] ?? s.planId) : 'No plan',
                s.used,
                s.seats,
              ])}
              renderRow={(row, index) => {
                const used = Number(row[2]);
                const seats = Number(row[3]);
                return (
                  <Table.Tr key={index}>
                    <Table.Td>{row[0]}</Table.Td>
                    <Table.Td ta="right">{row[1]}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Progress
                          value={seats ? Math.min(100, (used / seats) * 100) : 0}
                          w={80}
                          color={seats && used > seats ? 'red' : 'stage'}
                          aria-label={`${row[0]}: ${used} of ${seats} seats used`}
                        />
                        {used}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{seats}</Table.Td>
                  </Table.Tr>
                );
              }}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
