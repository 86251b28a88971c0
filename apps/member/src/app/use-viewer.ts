import { useSession } from '@dance/api-client';
import type { TSessionUser } from '@dance/domain';

/**
 * The logged-in user, or null for a guest. `isLoading` is true until the first session answer, so
 * screens can show a loader instead of flashing the guest UI. A failed session call counts as a guest.
 */
export function useViewer(): { user: TSessionUser | null; isLoading: boolean } {
  const session = useSession();
  return { user: session.data?.user ?? null, isLoading: session.isPending };
}
