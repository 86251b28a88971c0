import '@mantine/charts/styles.layer.css';
import { AUDIT_MESSAGES, type TAuditTimeseries } from '@dance/domain';
import { LineChart } from '@mantine/charts';
import { Alert, Center, Loader, Paper, Text, Title } from '@mantine/core';
import { formatTick } from './range';

interface AuditChartProps {
  data: TAuditTimeseries | undefined;
  isPending: boolean;
  isError: boolean;
}

const metricLabel = { count: 'Events', p95: 'p95 duration (ms)' } as const;

/** The time series of the range: count or p95 duration per minute, hour or day (spec 3 §9). */
export function AuditChart({ data, isPending, isError }: AuditChartProps) {
  const heading = data ? `${metricLabel[data.metric]} per ${data.interval}` : 'Time series';
  const hasData = data?.series.some((p) => p.value !== null && p.value > 0) ?? false;
  const peak = data?.series.reduce((max, p) => Math.max(max, p.value ?? 0), 0) ?? 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="audit-chart-title">
      <Title order={2} size="h4" id="audit-chart-title" mb="sm">
        {heading}
      </Title>
      {isError ? (
        <Alert color="red" variant="light" role="alert">
          {AUDIT_MESSAGES.failedToLoad}
        </Alert>
      ) : isPending && !data ? (
        <Center h={260}>
          <Loader role="status" aria-label="Loading the chart" />
        </Center>
      ) : !hasData || !data ? (
        <Center h={260}>
          <Text>{AUDIT_MESSAGES.noData}</Text>
        </Center>
      ) : (
        <div
          role="img"
          aria-label={`${heading}: ${data.series.length} points from ${formatTick(data.series[0]!.t, data.interval)} to ${formatTick(data.series.at(-1)!.t, data.interval)}, highest ${Math.round(peak)}`}
          data-testid="audit-chart"
        >
          <LineChart
            h={260}
            data={data.series.map((p) => ({ t: p.t, value: p.value }))}
            dataKey="t"
            series={[{ name: 'value', label: metricLabel[data.metric], color: 'indigo.6' }]}
            curveType="linear"
            // A p95 exists only where events are: isolated points would draw no line, so they show as dots.
            withDots={data.metric === 'p95' || data.series.length <= 60}
            connectNulls={false}
            gridAxis="xy"
            xAxisProps={{ tickFormatter: (t: unknown) => formatTick(t, data.interval), minTickGap: 24 }}
            valueFormatter={(v) => (data.metric === 'p95' ? `${Math.round(v)} ms` : String(v))}
            tooltipProps={{ labelFormatter: (t: unknown) => formatTick(t, data.interval) }}
          />
        </div>
      )}
    </Paper>
  );
}
