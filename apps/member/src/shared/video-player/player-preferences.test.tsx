import { API_PREFIX } from '@dance/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createAppApiClient, createAppQueryClient } from '../../app/api';
import { AppProviders } from '../../app/app-providers';
import { server } from '../../test/server';
import { usePlayerPreferences, useSavePreferences } from './player-preferences';

const url = `${window.location.origin}${API_PREFIX}/me/player-preferences`;

describe("the players' preferences (mirror, speed)", () => {
  it('are asked for once per load, by every player, and a change in one player is what the next one reads', async () => {
    const asked = vi.fn();
    server.use(
      http.get(url, () => {
        asked();
        return HttpResponse.json({ isMirrored: false, playbackRate: 1 });
      }),
      http.put(url, async ({ request }) => HttpResponse.json(await request.json())),
    );
    const client = createAppApiClient(`${window.location.origin}${API_PREFIX}`);
    // The app's own query client and its defaults (a minute's staleness), as the pages run with.
    const queryClient = createAppQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders client={client} queryClient={queryClient} env="test">
        {children}
      </AppProviders>
    );

    // The library's player, then a Teacher Resource Center video two minutes later: no second request.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.now() });
    const library = renderHook(() => ({ read: usePlayerPreferences(), save: useSavePreferences() }), {
      wrapper,
    });
    await waitFor(() =>
      expect(library.result.current.read.data).toEqual({ isMirrored: false, playbackRate: 1 }),
    );
    act(() => library.result.current.save.mutate({ isMirrored: true, playbackRate: 0.75 }));
    library.unmount();
    vi.setSystemTime(Date.now() + 120_000);
    const trc = renderHook(() => usePlayerPreferences(), { wrapper });
    expect(trc.result.current.data).toEqual({ isMirrored: true, playbackRate: 0.75 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
