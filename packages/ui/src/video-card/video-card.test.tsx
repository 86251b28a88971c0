import type { TTag, TVideoCard } from '@dance/domain';
import { videoCard } from '@dance/domain/testing';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_IMAGE_SIZES } from '../responsive-image';
import { theme } from '../theme';
import { VideoCard } from './video-card';

const tag = (name: string, priority: number, color = '#1c7ed6'): TTag => ({
  id: `00000000-0000-4000-8000-${String(priority).padStart(12, '0')}`,
  name,
  color,
  priority,
});

const makeVideo = (overrides: Partial<TVideoCard> = {}) =>
  videoCard(1, {
    id: '11111111-2222-4333-8444-555555555555',
    title: 'Pirouette Basics',
    shortDescription: 'Spot, prepare and turn with a clean finish.',
    durationSeconds: 754,
    thumbnailUrl: '/files/demo/thumb.svg',
    releaseDate: '2026-01-10',
    ...overrides,
  });

function renderCard(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('VideoCard thumbnail', () => {
  const marked = '/files/thumbnail/2026-11/abc.jpg#webp=320,640,960';

  it('lists the WebP variants of an upload with the video grid card widths, eager and high priority first', () => {
    const { container } = renderCard(<VideoCard video={makeVideo({ thumbnailUrl: marked })} isPriority />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/thumbnail/2026-11/abc.jpg');
    expect(img.getAttribute('srcset')).toBe(
      '/files/thumbnail/2026-11/abc.w320.webp 320w, /files/thumbnail/2026-11/abc.w640.webp 640w, /files/thumbnail/2026-11/abc.w960.webp 960w',
    );
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  });

  it('says a fixed card width as its sizes, and keeps SVG thumbnails as they were', () => {
    const { container, unmount } = renderCard(
      <VideoCard video={makeVideo({ thumbnailUrl: marked })} width={240} />,
    );
    expect(container.querySelector('img')!.getAttribute('sizes')).toBe('240px');
    unmount();
    const svg = renderCard(<VideoCard video={makeVideo()} />).container.querySelector('img')!;
    expect(svg.getAttribute('src')).toBe('/files/demo/thumb.svg');
    expect(svg.hasAttribute('srcset')).toBe(false);
    expect(svg.hasAttribute('sizes')).toBe(false);
  });
});

describe('VideoCard', () => {
  it('shows the title, instructor and the duration as spec 1 §9 formats it', () => {
    renderCard(<VideoCard video={makeVideo({ durationSeconds: 754 })} />);
    expect(screen.getByRole('heading', { name: 'Pirouette Basics' })).toBeInTheDocument();
    expect(screen.getByText('Maya Laurent')).toBeInTheDocument();
    expect(screen.getByText('12:34')).toBeInTheDocument();
  });

  it('formats hours as hours and minutes, and short videos in seconds', () => {
    const { unmount } = renderCard(<VideoCard video={makeVideo({ durationSeconds: 3720 })} />);
    expect(screen.getByText('1h 2m')).toBeInTheDocument();
    unmount();
    renderCard(<VideoCard video={makeVideo({ durationSeconds: 45 })} />);
    expect(screen.getByText('45s')).toBeInTheDocument();
  });

  it('shows at most 3 tags, sorted by priority, each with a dot of its colour', () => {
    const tags = [tag('Jazz', 5, '#f76707'), tag('Ballet', 1, '#e64980'), tag('Tap', 9), tag('Turns', 3)];
    renderCard(<VideoCard video={makeVideo({ tags })} />);
    const badges = within(screen.getByLabelText('Tags')).getAllByText(/\w+/);
    expect(badges.map((b) => b.textContent)).toEqual(['Ballet', 'Turns', 'Jazz']);
    expect(screen.queryByText('Tap')).not.toBeInTheDocument();
    // A neutral badge (readable whatever colour was picked) with the tag's colour as a decorative dot.
    const ballet = screen.getByText('Ballet').closest('.mantine-Badge-root') as HTMLElement;
    const dot = ballet.querySelector('[aria-hidden]') as HTMLElement;
    expect(dot.style.background).toBe('rgb(230, 73, 128)');
  });

  it('links to the player with type PV and opens it through onOpen on a plain click', () => {
    const onOpen = vi.fn();
    renderCard(<VideoCard video={makeVideo()} onOpen={onOpen} />);
    const link = screen.getByRole('link', { name: 'Pirouette Basics' });
    expect(link).toHaveAttribute('href', '/PlayerPage?v=11111111-2222-4333-8444-555555555555&type=PV');
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith('/PlayerPage?v=11111111-2222-4333-8444-555555555555&type=PV');
  });

  it('leaves a ctrl-click to the browser (new tab)', () => {
    const onOpen = vi.fn();
    renderCard(<VideoCard video={makeVideo()} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('link', { name: 'Pirouette Basics' }), { ctrlKey: true });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('turns into the class view under a tag containing CLASS, and links with type CL', () => {
    renderCard(
      <VideoCard video={makeVideo({ tags: [tag('CLASSES', 2)], levels: ['Beginner', 'Advanced'] })} />,
    );
    expect(screen.getByRole('article')).toHaveAttribute('data-class', 'true');
    expect(screen.getByText('CLASS')).toBeInTheDocument();
    expect(screen.getByText('Beginner · Advanced')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pirouette Basics' }).getAttribute('href')).toMatch(/type=CL$/);
  });

  it('greys out a "coming soon" card and makes it unclickable, without a saved toggle', () => {
    const onOpen = vi.fn();
    const onToggleSaved = vi.fn();
    renderCard(
      <VideoCard
        video={makeVideo({ tags: [tag('coming soon', 1, '#868e96')] })}
        onOpen={onOpen}
        onToggleSaved={onToggleSaved}
      />,
    );
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(card).toHaveAttribute('data-coming-soon', 'true');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Pirouette Basics'));
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('greys out a card the API marks as coming soon (released in the future)', () => {
    renderCard(<VideoCard video={makeVideo({ isComingSoon: true })} />);
    expect(screen.getByRole('article')).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the saved flag it is given and reports a toggle without opening the video', () => {
    const onOpen = vi.fn();
    const onToggleSaved = vi.fn();
    const video = makeVideo({ isSaved: true });
    renderCard(<VideoCard video={video} onOpen={onOpen} onToggleSaved={onToggleSaved} />);
    const toggle = screen.getByRole('button', { name: 'Unsave Pirouette Basics' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(onToggleSaved).toHaveBeenCalledWith(video);
    expect(onOpen).not.toHaveBeenCalled();
    // The flag is the caller's (server-confirmed) value: a click alone does not flip it.
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores toggles while a save is in flight', () => {
    const onToggleSaved = vi.fn();
    renderCard(<VideoCard video={makeVideo()} onToggleSaved={onToggleSaved} isSaving />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Pirouette Basics' }));
    expect(onToggleSaved).not.toHaveBeenCalled();
  });

  it('lazy-loads the thumbnail in a sized 16:9 box, and eagerly with high priority above the fold', () => {
    const { container, unmount } = renderCard(<VideoCard video={makeVideo()} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    unmount();
    const eager = renderCard(<VideoCard video={makeVideo()} isPriority />);
    const priorityImg = eager.container.querySelector('img') as HTMLImageElement;
    expect(priorityImg).toHaveAttribute('loading', 'eager');
    expect(priorityImg).toHaveAttribute('fetchpriority', 'high');
  });

  it('opens the larger preview with the short description after a 600 ms touch press, not before', async () => {
    vi.useFakeTimers();
    const onOpen = vi.fn();
    renderCard(<VideoCard video={makeVideo()} onOpen={onOpen} />);
    const card = screen.getByRole('article');
    fireEvent.touchStart(card, { touches: [{ clientX: 10, clientY: 10 }] });
    act(() => vi.advanceTimersByTime(599));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    fireEvent.touchEnd(card);
    // The click that ends the press does not open the video.
    fireEvent.click(screen.getByRole('link', { name: 'Pirouette Basics' }));
    expect(onOpen).not.toHaveBeenCalled();
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Spot, prepare and turn with a clean finish.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Play' })).toHaveAttribute(
      'href',
      '/PlayerPage?v=11111111-2222-4333-8444-555555555555&type=PV',
    );
  });

  it('cancels the long press when the finger lifts early or scrolls', () => {
    vi.useFakeTimers();
    renderCard(<VideoCard video={makeVideo()} />);
    const card = screen.getByRole('article');
    fireEvent.touchStart(card, { touches: [{ clientX: 10, clientY: 10 }] });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.touchEnd(card);
    fireEvent.touchStart(card, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.touchMove(card, { touches: [{ clientX: 10, clientY: 60 }] });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows how far the member watched as a bar over the thumbnail, only when given a progress', () => {
    const { unmount } = renderCard(<VideoCard video={makeVideo()} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    unmount();
    const { unmount: unmountHalf } = renderCard(<VideoCard video={makeVideo()} progress={0.426} />);
    const bar = screen.getByRole('progressbar', { name: 'Watched 43%' });
    expect(bar).toHaveAttribute('aria-valuenow', '43');
    expect(bar.firstElementChild).toHaveStyle({ width: '43%' });
    unmountHalf();
    // Out-of-range values (a position saved past the end) are clamped.
    renderCard(<VideoCard video={makeVideo()} progress={1.7} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
  it('reports intent to open on hover, focus and touch, and its end on leave, blur and a scroll', () => {
    vi.useFakeTimers();
    const onIntent = vi.fn();
    const onIntentEnd = vi.fn();
    renderCard(<VideoCard video={makeVideo()} onIntent={onIntent} onIntentEnd={onIntentEnd} />);
    const href = '/PlayerPage?v=11111111-2222-4333-8444-555555555555&type=PV';
    const card = screen.getByRole('article');
    fireEvent.pointerEnter(card, { pointerType: 'mouse' });
    expect(onIntent).toHaveBeenLastCalledWith(href);
    fireEvent.pointerLeave(card, { pointerType: 'mouse' });
    expect(onIntentEnd).toHaveBeenCalledTimes(1);
    const link = screen.getByRole('link', { name: 'Pirouette Basics' });
    fireEvent.focus(link);
    expect(onIntent).toHaveBeenCalledTimes(2);
    fireEvent.blur(link);
    expect(onIntentEnd).toHaveBeenCalledTimes(2);
    // A finger: touch start is the intent; moving like a scroll ends it.
    fireEvent.touchStart(card, { touches: [{ clientX: 10, clientY: 10 }] });
    expect(onIntent).toHaveBeenCalledTimes(3);
    fireEvent.touchMove(card, { touches: [{ clientX: 10, clientY: 60 }] });
    expect(onIntentEnd).toHaveBeenCalledTimes(3);
    // A tap keeps it a moment, for the click to claim it.
    fireEvent.touchStart(card, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.touchEnd(card);
    expect(onIntentEnd).toHaveBeenCalledTimes(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(onIntentEnd).toHaveBeenCalledTimes(4);
  });

  it('reports no intent for a coming-soon card (it cannot be opened)', () => {
    const onIntent = vi.fn();
    renderCard(<VideoCard video={makeVideo({ isComingSoon: true })} onIntent={onIntent} />);
    fireEvent.pointerEnter(screen.getByRole('article'), { pointerType: 'mouse' });
    expect(onIntent).not.toHaveBeenCalled();
  });
});
