import { bpmFromTaps, formatClock, type TCountGrid, type TCountSection } from '@dance/domain';
import { Alert, Button, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useCountGrid, useSaveCountGrid } from './queries';

const NUDGE_SECONDS = 0.01;
const NUDGE_BPM = 0.1;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The first "1" to show: seconds with milliseconds (0:01.240). */
const formatDownbeat = (seconds: number) =>
  `${formatClock(Math.floor(seconds))}.${String(Math.round((seconds % 1) * 1000)).padStart(3, '0')}`;

/**
 * The count grid in the video form (issue 20): the detected BPM and first "1", corrected by tapping along
 * to the video or nudging (10 ms, 0.1 BPM), or the video marked "no counts". Later tempo sections are kept.
 */
export function CountGridEditor({ videoId }: { videoId: string }) {
  const query = useCountGrid(videoId);
  const save = useSaveCountGrid(videoId);
  const [draft, setDraft] = useState<TCountGrid | null>(null);
  const [taps, setTaps] = useState<number[]>([]);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsUrl = query.data?.stream?.hlsUrl ?? null;

  useEffect(() => {
    if (query.data) setDraft(query.data.grid);
  }, [query.data]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hlsUrl) return;
    if (video.canPlayType('application/vnd.apple.mpegurl') || !Hls.isSupported()) {
      video.src = hlsUrl;
      return;
    }
    const hls = new Hls();
    hls.loadSource(hlsUrl);
    hls.attachMedia(video);
    return () => hls.destroy();
  }, [hlsUrl]);

  if (query.isPending) return <Text c="dimmed">Loading the counts…</Text>;
  if (query.isError) return <Alert color="red">The counts could not be loaded.</Alert>;

  const grid: TCountGrid = draft ?? { noCounts: false, sections: [], source: 'admin' };
  const first: TCountSection | undefined = grid.sections[0];
  const setFirst = (patch: Partial<TCountSection>) => {
    const base = first ?? { fromSeconds: 0, bpm: 120, downbeatSeconds: 0 };
    setDraft({ ...grid, noCounts: false, sections: [{ ...base, ...patch }, ...grid.sections.slice(1)] });
  };

  function tap() {
    const now = videoRef.current?.currentTime ?? 0;
    const next = [...taps, now].slice(-16);
    setTaps(next);
    const bpm = bpmFromTaps(next);
    // The first tap of a run marks the "1"; the taps that follow give the tempo.
    if (next.length === 1) setFirst({ downbeatSeconds: round(now, 3) });
    if (bpm) setFirst({ bpm, downbeatSeconds: round(next[0]!, 3) });
  }

  return (
    <Stack gap="sm" aria-label="Counts">
      <Title order={4}>Counts</Title>
      {grid.source === 'admin' && draft === query.data?.grid && (
        <Text fz="sm" c="dimmed">
          Corrected by an admin: a new detection keeps it.
        </Text>
      )}
      <Switch
        label="No counts (a video without music)"
        checked={grid.noCounts}
        onChange={(e) => setDraft({ ...grid, noCounts: e.currentTarget.checked })}
      />
      {!grid.noCounts && (
        <>
          {hlsUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the admin listens to the music to tap along
            <video
              ref={videoRef}
              controls
              playsInline
              preload="metadata"
              style={{ width: '100%', maxHeight: 240, background: '#000' }}
              data-testid="count-grid-video"
            />
          ) : (
            <Text fz="sm" c="dimmed">
              The video is not ready to play: taps need it.
            </Text>
          )}
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NumberInput
              label="BPM"
              w={120}
              min={30}
              max={300}
              step={NUDGE_BPM}
              decimalScale={2}
              value={first?.bpm ?? ''}
              onChange={(v) => typeof v === 'number' && setFirst({ bpm: v })}
            />
            <Button
              variant="default"
              onClick={() => setFirst({ bpm: round((first?.bpm ?? 120) - NUDGE_BPM, 2) })}
              aria-label="−0.1 BPM"
            >
              −0.1
            </Button>
            <Button
              variant="default"
              onClick={() => setFirst({ bpm: round((first?.bpm ?? 120) + NUDGE_BPM, 2) })}
              aria-label="+0.1 BPM"
            >
              +0.1
            </Button>
          </Group>
          <Group gap="xs" align="center" wrap="wrap">
            <Text fz="sm" data-testid="first-downbeat">
              First "1": {first ? formatDownbeat(first.downbeatSeconds) : '—'}
            </Text>
            <Button
              variant="default"
              onClick={() =>
                setFirst({
                  downbeatSeconds: Math.max(0, round((first?.downbeatSeconds ?? 0) - NUDGE_SECONDS, 3)),
                })
              }
              aria-label='First "1" −10 ms'
            >
              −10 ms
            </Button>
            <Button
              variant="default"
              onClick={() =>
                setFirst({ downbeatSeconds: round((first?.downbeatSeconds ?? 0) + NUDGE_SECONDS, 3) })
              }
              aria-label='First "1" +10 ms'
            >
              +10 ms
            </Button>
            {hlsUrl && (
              <>
                <Button variant="light" onClick={tap}>
                  Tap along{taps.length > 0 ? ` (${taps.length})` : ''}
                </Button>
                {taps.length > 0 && (
                  <Button variant="subtle" onClick={() => setTaps([])}>
                    Start the taps again
                  </Button>
                )}
              </>
            )}
          </Group>
          {hlsUrl && (
            <Text fz="xs" c="dimmed">
              Play the video and tap on every beat, starting on a "1": four taps or more set the BPM.
            </Text>
          )}
          {grid.sections.length > 1 && (
            <Text fz="sm">
              Tempo changes:{' '}
              {grid.sections
                .slice(1)
                .map((s) => `${formatClock(Math.floor(s.fromSeconds))} (${s.bpm} BPM)`)
                .join(', ')}
            </Text>
          )}
        </>
      )}
      {save.isError && <Alert color="red">{save.error.message}</Alert>}
      <Group justify="flex-end">
        <Button
          variant="default"
          loading={save.isPending}
          disabled={draft === query.data?.grid}
          onClick={() =>
            save.mutate({ noCounts: grid.noCounts, sections: grid.noCounts ? [] : grid.sections })
          }
        >
          Save counts
        </Button>
      </Group>
    </Stack>
  );
}
