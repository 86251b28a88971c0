import { render } from '@testing-library/react';
import { useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayerElement } from './use-player-element';

const adoptWarmVideo = vi.fn(
  (_videoId: string, _autoPlay: boolean): HTMLVideoElement => document.createElement('video'),
);
vi.mock('./hls-start', () => ({
  adoptWarmVideo: (videoId: string, autoPlay: boolean) => adoptWarmVideo(videoId, autoPlay),
}));

const events = () => ({
  onClick: vi.fn(),
  onLoadedData: vi.fn(),
  onError: vi.fn(),
  onPlay: vi.fn(),
  onPause: vi.fn(),
  onEnded: vi.fn(),
  onTimeUpdate: vi.fn(),
  onDurationChange: vi.fn(),
  onVolumeChange: vi.fn(),
  onRateChange: vi.fn(),
});

function Player(props: { wrapped: boolean; handlers: ReturnType<typeof events>; poster?: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hostRef = usePlayerElement(videoRef, {
    videoId: 'video-1',
    autoPlayRef: { current: true },
    className: 'video',
    posterUrl: props.poster ?? null,
    isMirrored: true,
    title: 'Lesson',
    subtitles: [{ url: '/en.vtt', lang: 'en', label: 'English' }],
    events: props.handlers,
  });
  const frame = <div ref={hostRef} data-testid="host" />;
  // A different parent remounts the frame (as the player's camera wrapper does once the stream is known).
  return props.wrapped ? <section>{frame}</section> : <div>{frame}</div>;
}

beforeEach(() => adoptWarmVideo.mockClear());

describe('usePlayerElement', () => {
  it('makes the player its own element when nothing was warmed, with its attributes and tracks', () => {
    const handlers = events();
    const { getByTestId } = render(<Player wrapped={false} handlers={handlers} poster="/p.jpg" />);
    const video = getByTestId('player-video') as HTMLVideoElement;
    expect(adoptWarmVideo).toHaveBeenCalledWith('video-1', true);
    expect(video.parentElement).toBe(getByTestId('host'));
    expect(video.getAttribute('poster')).toBe('/p.jpg');
    expect(video.getAttribute('aria-label')).toBe('Lesson');
    expect(video.dataset.mirrored).toBe('true');
    expect(video.querySelector('track')?.getAttribute('srclang')).toBe('en');
    video.dispatchEvent(new Event('click'));
    video.dispatchEvent(new Event('pause'));
    expect(handlers.onClick).toHaveBeenCalledTimes(1);
    expect(handlers.onPause).toHaveBeenCalledWith(video);
  });

  it('adopts the element warmed for its video, and says once painted that its first frame is there', async () => {
    const warmed = document.createElement('video');
    Object.defineProperty(warmed, 'readyState', { value: HTMLMediaElement.HAVE_ENOUGH_DATA });
    warmed.poster = '/warm.jpg';
    adoptWarmVideo.mockReturnValueOnce(warmed);
    const handlers = events();
    const { getByTestId } = render(<Player wrapped={false} handlers={handlers} />);
    expect(getByTestId('player-video')).toBe(warmed);
    expect(warmed.getAttribute('poster')).toBe('/warm.jpg');
    expect(handlers.onLoadedData).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(handlers.onLoadedData).toHaveBeenCalledWith(warmed));
  });

  it('moves the same element when its frame remounts, and adopts only once', () => {
    const handlers = events();
    const { getByTestId, rerender } = render(<Player wrapped={false} handlers={handlers} />);
    const video = getByTestId('player-video');
    rerender(<Player wrapped handlers={handlers} />);
    expect(getByTestId('player-video')).toBe(video);
    expect(video.parentElement).toBe(getByTestId('host'));
    expect(adoptWarmVideo).toHaveBeenCalledTimes(1);
  });
});
