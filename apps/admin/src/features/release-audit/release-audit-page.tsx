import {
  AUDIT_DEFAULT_PAGE_SIZE,
  AUDIT_DEFAULT_RANGE,
  AUDIT_INTERVALS,
  AUDIT_MESSAGES,
  AUDIT_QUICK_RANGES,
  AUDIT_REFRESH_MS,
  AUDIT_TIMESERIES_DEBOUNCE_MS,
  auditIntervalsFor,
  type TAuditInterval,
  type TAuditMetric,
  type TAuditTimeseriesQuery,
} from '@dance/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { AuditChart } from './audit-chart';
import { AuditEventsGrid } from './audit-events-grid';
import { useAuditCsvUrl, useAuditEvents, useAuditSummary, useAuditTimeseries } from './queries';
import {
  type AuditRange,
  customRange,
  fittingInterval,
  quickRange,
  type RangeChoice,
  toLocalFields,
} from './range';

const RANGE_OPTIONS = [
  ...AUDIT_QUICK_RANGES.map((r) => ({ value: r.value, label: r.label })),
  { value: 'custom', label: 'Custom' },
];
const INTERVAL_LABELS: Record<TAuditInterval, string> = { minute: 'Minute', hour: 'Hour', day: 'Day' };

/** The end of a quick range: now, moved forward every 60 seconds (spec 3 §9). */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), AUDIT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Total({ label, value, color }: { label: string; value: number | undefined; color?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} aria-live="polite">
        {value === undefined ? '—' : value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

/** /AdminDashboard/release-audit: what the background jobs did, as totals, a time series and the events. */
export function ReleaseAuditPage() {
  const now = useMinuteClock();
  const [choice, setChoice] = useState<RangeChoice>(AUDIT_DEFAULT_RANGE);
  const [fields, setFields] = useState({ fromLocal: '', toLocal: '' });
  const [fieldType, setFieldType] = useState<string | null>(null);
  const [wantedInterval, setWantedInterval] = useState<TAuditInterval>('hour');
  const [metric, setMetric] = useState<TAuditMetric>('count');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(AUDIT_DEFAULT_PAGE_SIZE);

  const range: AuditRange | null =
    choice === 'custom' ? customRange(fields.fromLocal, fields.toLocal) : quickRange(choice, now);
  const isCustomInvalid = choice === 'custom' && range === null;
  const allowed = range ? auditIntervalsFor(new Date(range.from), new Date(range.to)) : [...AUDIT_INTERVALS];
  const interval = range ? fittingInterval(range, wantedInterval) : wantedInterval;

  const rangeQuery = range ? { ...range, ...(fieldType ? { fieldType } : {}) } : null;
  const summary = useAuditSummary(range);
  const seriesKey = rangeQuery ? JSON.stringify({ ...rangeQuery, interval, metric }) : null;
  const [debouncedSeriesKey] = useDebouncedValue(seriesKey, AUDIT_TIMESERIES_DEBOUNCE_MS);
  const seriesQuery = useMemo(
    () => (debouncedSeriesKey ? (JSON.parse(debouncedSeriesKey) as TAuditTimeseriesQuery) : null),
    [debouncedSeriesKey],
  );
  const series = useAuditTimeseries(seriesQuery);
  const events = useAuditEvents(rangeQuery ? { ...rangeQuery, page, limit: pageSize } : null);
  const csvUrl = useAuditCsvUrl(rangeQuery);
  const totals = useAuditSummary(rangeQuery);

  // Any change of filter starts the grid again from its first page.
  function chooseRange(value: string) {
    const next = value as RangeChoice;
    if (next === 'custom' && choice !== 'custom') setFields(toLocalFields(quickRange(choice, now)));
    setChoice(next);
    setPage(1);
  }
  function editField(name: 'fromLocal' | 'toLocal', value: string) {
    setFields((f) => ({ ...f, [name]: value }));
    setPage(1);
  }

  const fieldTypes = summary.data?.fieldTypes ?? [];
  const fieldTypeOptions = [
    { value: '', label: 'All field types' },
    ...[...new Set([...fieldTypes, ...(fieldType ? [fieldType] : [])])].map((t) => ({ value: t, label: t })),
  ];

  return (
    <Stack maw={1400} mx="auto" gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Release audit
          </Title>
          <Text mt={4}>
            Every item the midnight release and the scheduled jobs handled. Times are New York time.
          </Text>
        </div>
        <Button
          component="a"
          href={csvUrl ?? undefined}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!csvUrl}
          data-disabled={!csvUrl || undefined}
        >
          Export CSV
        </Button>
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
        <Group align="flex-end" gap="md" wrap="wrap">
          <div>
            <Text size="sm" fw={500} mb={4} id="audit-range-label">
              Date range
            </Text>
            <SegmentedControl
              aria-labelledby="audit-range-label"
              data={RANGE_OPTIONS}
              value={choice}
              onChange={chooseRange}
            />
          </div>
          {choice === 'custom' && (
            <>
              <TextInput
                type="datetime-local"
                label="From"
                value={fields.fromLocal}
                onChange={(e) => editField('fromLocal', e.currentTarget.value)}
                error={isCustomInvalid ? AUDIT_MESSAGES.invalidRange : undefined}
                w={220}
              />
              <TextInput
                type="datetime-local"
                label="To"
                value={fields.toLocal}
                onChange={(e) => editField('toLocal', e.currentTarget.value)}
                error={isCustomInvalid ? ' ' : undefined}
                w={220}
              />
            </>
          )}
          <Select
            label="Field type"
            data={fieldTypeOptions}
            value={fieldType ?? ''}
            onChange={(v) => {
              setFieldType(v ? v : null);
              setPage(1);
            }}
            allowDeselect={false}
            w={200}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="audit-interval-label">
              Interval
            </Text>
            <SegmentedControl
              aria-labelledby="audit-interval-label"
              data={AUDIT_INTERVALS.map((i) => ({
                value: i,
                label: INTERVAL_LABELS[i],
                disabled: !allowed.includes(i),
              }))}
              value={interval}
              onChange={(v) => setWantedInterval(v as TAuditInterval)}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4} id="audit-metric-label">
              Metric
            </Text>
            <SegmentedControl
              aria-labelledby="audit-metric-label"
              data={[
                { value: 'count', label: 'Count' },
                { value: 'p95', label: 'p95 duration' },
              ]}
              value={metric}
              onChange={(v) => setMetric(v as TAuditMetric)}
            />
          </div>
        </Group>
      </Paper>

      {totals.isError ? (
        <Alert color="red" variant="light" role="alert">
          {AUDIT_MESSAGES.failedToLoad}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }} aria-label="Totals" component="section">
          <Total label="Total" value={totals.data?.totals.total} />
          <Total label="Successes" value={totals.data?.totals.successes} color="teal.8" />
          <Total label="Errors" value={totals.data?.totals.errors} color="red.8" />
          <Total label="Retries" value={totals.data?.totals.retries} color="yellow.9" />
        </SimpleGrid>
      )}

      <AuditChart
        data={isCustomInvalid ? undefined : series.data}
        isPending={series.isPending || (seriesKey !== debouncedSeriesKey && !series.data)}
        isError={series.isError}
      />

      <AuditEventsGrid
        data={isCustomInvalid ? undefined : events.data}
        isPending={!isCustomInvalid && events.isPending}
        isError={events.isError}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}
