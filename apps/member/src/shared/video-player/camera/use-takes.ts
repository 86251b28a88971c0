import { useCallback, useEffect, useState } from 'react';
import { deleteTake, listTakes, saveTake, type Take, takesStorageUsed } from './take-store';

/** The takes of one video on this device, and the storage all takes use (issue 20 item 4). */
export function useTakes(videoId: string | null) {
  const [takes, setTakes] = useState<Take[]>([]);
  const [used, setUsed] = useState({ count: 0, bytes: 0 });
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!videoId || typeof indexedDB === 'undefined') return;
    try {
      const [list, usage] = await Promise.all([listTakes(videoId), takesStorageUsed()]);
      setTakes(list);
      setUsed(usage);
    } catch {
      setError('Takes cannot be kept in this browser (its storage is off or full).');
    }
  }, [videoId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const add = useCallback(
    async (details: Omit<Take, 'id' | 'size' | 'videoId' | 'createdAt'>, recording: Blob) => {
      if (!videoId) return null;
      try {
        const take = await saveTake({ ...details, videoId, createdAt: new Date().toISOString() }, recording);
        setError(null);
        await refresh();
        return take;
      } catch {
        setError('The take could not be saved: this device’s storage may be full.');
        return null;
      }
    },
    [videoId, refresh],
  );

  const remove = useCallback(
    async (id: string) => {
      await deleteTake(id);
      await refresh();
    },
    [refresh],
  );

  return { takes, used, error, add, remove };
}
