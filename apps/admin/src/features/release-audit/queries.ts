import { queryKeyOf, useApiClient } from '@dance/api-client';
import {
  releaseAuditEndpoints,
  type TAuditEventsQuery,
  type TAuditRangeQuery,
  type TAuditTimeseriesQuery,
} from '@dance/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function useAuditSummary(query: TAuditRangeQuery | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(releaseAuditEndpoints.summary, { query: query ?? {} }),
    queryFn: ({ signal }) => client.call(releaseAuditEndpoints.summary, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAuditTimeseries(query: TAuditTimeseriesQuery | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(releaseAuditEndpoints.timeseries, { query: query ?? {} }),
    queryFn: ({ signal }) => client.call(releaseAuditEndpoints.timeseries, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(query: TAuditEventsQuery | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(releaseAuditEndpoints.events, { query: query ?? {} }),
    queryFn: ({ signal }) => client.call(releaseAuditEndpoints.events, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The export's address: a plain link, so the browser downloads the streamed CSV as it arrives. */
export function useAuditCsvUrl(query: TAuditRangeQuery | null): string | null {
  const client = useApiClient();
  return query ? client.buildUrl(releaseAuditEndpoints.exportCsv, undefined, { ...query }) : null;
}
