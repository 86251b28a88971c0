import { renderHook } from '@testing-library/react';
import type { SyntheticEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { usePlaybackRate } from './use-playback-rate';

describe('usePlaybackRate', () => {
  it('sets the speed with the pitch kept, and puts it back when a source change resets it', () => {
    const video = { playbackRate: 1, preservesPitch: false } as HTMLVideoElement;
    const { result, rerender } = renderHook(({ rate }) => usePlaybackRate({ current: video }, rate), {
      initialProps: { rate: 1.25 },
    });
    expect(video).toMatchObject({ playbackRate: 1.25, preservesPitch: true });

    rerender({ rate: 0.75 });
    expect(video.playbackRate).toBe(0.75);

    video.playbackRate = 1;
    result.current({ currentTarget: video } as SyntheticEvent<HTMLVideoElement>);
    expect(video.playbackRate).toBe(0.75);
  });
});
