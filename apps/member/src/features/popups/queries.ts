import { queryKeyOf, useApiClient } from '@dance/api-client';
import { type PopupDevice, popupEndpoints } from '@dance/domain';
import { useQuery } from '@tanstack/react-query';

/** The popup to show on this device, if any; asked again at most every 5 minutes. */
export function useActivePopup(device: PopupDevice) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeyOf(popupEndpoints.active, { query: { device } }),
    queryFn: ({ signal }) => client.call(popupEndpoints.active, { query: { device }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
