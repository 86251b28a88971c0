import { formatClock } from '@dance/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import IconCamera from '@tabler/icons-react/dist/esm/icons/IconCamera.mjs';
import IconCameraOff from '@tabler/icons-react/dist/esm/icons/IconCameraOff.mjs';
import IconPlayerRecordFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerRecordFilled.mjs';
import {
  type MutableRefObject,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { isLoopActive, type LoopState } from '../practice-loop';
import { CAMERA_MESSAGES, PROBLEM_MESSAGES } from './camera-messages';
import classes from './practice-camera.module.css';
import { loadTakeVideo, type Take } from './take-store';
import { formatBytes } from './take-sync';
import { useCamera } from './use-camera';
import { supportedTakeType, useTakeRecorder } from './use-take-recorder';
import { useTakeReplay } from './use-take-replay';
import { useTakes } from './use-takes';

export type CameraLayout = 'side' | 'pip';

export interface CameraPanelProps {
  /** The video the takes belong to (none: no takes, e.g. a trailer). */
  videoId: string | null;
  lessonRef: RefObject<HTMLVideoElement | null>;
  loop: LoopState;
  /** The speed the lesson plays at now (the ramp's while a ramped loop runs). */
  speed: number;
  /** Loop a take's part of the lesson while it replays. */
  onLoopRange: (a: number, b: number, label: string) => void;
  /** The player calls this with every presented lesson frame. */
  frameHook: MutableRefObject<((mediaTime: number, video: HTMLVideoElement) => void) | null>;
  /** Where the camera's picture goes over the lesson (picture in picture) and beside it (side by side). */
  slots: { pip: HTMLElement | null; side: HTMLElement | null };
  /** The stage's layout: none while no picture is shown. */
  onLayoutChange: (layout: CameraLayout | undefined) => void;
}

/**
 * Practise beside your camera (issue 20 item 4): the lesson and the member's camera side by side or picture in
 * picture (the camera mirrored by default), takes of the loop recorded and kept on this device, and a take
 * replayed beside the same part of the lesson, in step at the lesson's speed. The camera is asked for only
 * after the member has read why; it is released when turned off or when the player goes away.
 *
 * This is the camera's bar and picture, a chunk of its own that `PracticeCamera` loads (issue 21 item 3); the
 * picture is rendered into the stage's slots, so the lesson's frame never moves in the tree.
 */
export function CameraPanel(props: CameraPanelProps) {
  const { lessonRef, loop, speed, frameHook } = props;
  const camera = useCamera();
  const takes = useTakes(props.videoId);
  const [isOpen, setIsOpen] = useState(false);
  const [layout, setLayout] = useState<CameraLayout>('side');
  const [isMirrored, setIsMirrored] = useState(true);
  const [replaying, setReplaying] = useState<{ take: Take; url: string; number: number } | null>(null);
  const [status, setStatus] = useState('');
  const cameraVideo = useRef<HTMLVideoElement>(null);
  const takeVideo = useRef<HTMLVideoElement>(null);
  const promptButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const canRecord = supportedTakeType() !== null;

  const recorder = useTakeRecorder(
    camera.stream,
    (recorded) => {
      void takes
        .add(
          { ...recorded.timing, durationSeconds: recorded.durationSeconds, mimeType: recorded.mimeType },
          recorded.recording,
        )
        .then((take) => setStatus(take ? 'Take saved on this device.' : ''));
    },
    () => setStatus(CAMERA_MESSAGES.notRecorded),
  );
  const replay = useTakeReplay(lessonRef, takeVideo, replaying?.take ?? null);

  // Every lesson frame: the recorder (the run's start and end) and the replayed take (kept in step).
  frameHook.current = (mediaTime, video) => {
    recorder.onFrame(mediaTime, video);
    replay.onFrame(mediaTime);
  };
  useEffect(
    () => () => {
      frameHook.current = null;
    },
    [frameHook],
  );

  useEffect(() => {
    const lesson = lessonRef.current;
    if (!lesson) return;
    const onPause = recorder.onLessonPause;
    lesson.addEventListener('pause', onPause);
    return () => lesson.removeEventListener('pause', onPause);
  }, [lessonRef, recorder.onLessonPause]);

  // The live picture.
  useEffect(() => {
    const video = cameraVideo.current;
    if (!video) return;
    video.srcObject = camera.stream;
    if (camera.stream) void video.play().catch(() => {});
  }, [camera.stream, replaying, isOpen, layout]);

  // A replayed take's object URL lives as long as it is shown.
  useEffect(() => () => (replaying ? URL.revokeObjectURL(replaying.url) : undefined), [replaying]);

  useEffect(() => {
    if (isOpen && camera.state.status === 'off') promptButton.current?.focus();
  }, [isOpen, camera.state.status]);

  function close() {
    recorder.stop();
    camera.stop();
    setReplaying(null);
    setIsOpen(false);
    setStatus('');
  }

  async function recordTake() {
    const lesson = lessonRef.current;
    if (!lesson || !isLoopActive(loop)) return;
    setReplaying(null);
    lesson.pause();
    const started = await recorder.record(loop.a!, loop.b!, speed);
    if (!started) {
      setStatus(CAMERA_MESSAGES.cannotRecord);
      return;
    }
    setStatus('Recording a take of the loop…');
    lesson.currentTime = loop.a!;
    void lesson.play().catch(() => {});
  }

  async function replayTake(take: Take, number: number) {
    const recording = await loadTakeVideo(take);
    if (!recording) return;
    recorder.stop();
    setReplaying({ take, url: URL.createObjectURL(recording), number });
    props.onLoopRange(take.lessonStart, take.lessonEnd, `Take ${number}`);
    const lesson = lessonRef.current;
    if (lesson) {
      lesson.currentTime = take.lessonStart;
      void lesson.play().catch(() => {});
    }
    setStatus(`Take ${number} plays beside the lesson.`);
  }

  async function removeTake(take: Take, number: number) {
    if (replaying?.take.id === take.id) setReplaying(null);
    await takes.remove(take.id);
    setStatus(`Take ${number} deleted.`);
  }

  const problem = camera.state.status === 'problem' ? camera.state.problem : null;
  const showPane = isOpen && (camera.stream !== null || replaying !== null);

  const pane = showPane && (
    <div
      className={classes.pane}
      data-layout={layout}
      data-testid="camera-pane"
      aria-label={replaying ? `Take ${replaying.number}` : 'Your camera'}
      role="img"
    >
      {replaying ? (
        <video
          key={replaying.url}
          ref={takeVideo}
          className={classes.video}
          style={{ transform: isMirrored ? 'scaleX(-1)' : undefined }}
          src={replaying.url}
          muted
          playsInline
          preload="auto"
          onLoadedMetadata={() => replay.sync()}
          data-testid="take-video"
          data-lesson-start={replaying.take.lessonStart}
          data-lesson-end={replaying.take.lessonEnd}
          data-speed={replaying.take.speed}
          data-offset={replaying.take.offsetSeconds}
        />
      ) : (
        <video
          ref={cameraVideo}
          className={classes.video}
          style={{ transform: isMirrored ? 'scaleX(-1)' : undefined }}
          muted
          playsInline
          autoPlay
          data-testid="camera-video"
          data-mirrored={isMirrored}
        />
      )}
      <span className={classes.tag}>{replaying ? `Take ${replaying.number}` : 'You'}</span>
      {recorder.isRecording && (
        <span className={classes.rec} data-testid="recording">
          <IconPlayerRecordFilled size={12} aria-hidden /> REC
        </span>
      )}
    </div>
  );

  const stageLayout = showPane ? layout : undefined;
  const { onLayoutChange } = props;
  // Before paint: the stage takes its layout in the same frame as the picture arrives in its slot.
  useLayoutEffect(() => onLayoutChange(stageLayout), [onLayoutChange, stageLayout]);
  const slot = layout === 'pip' ? props.slots.pip : props.slots.side;

  return (
    <>
      {pane && slot && createPortal(pane, slot)}
      <section className={classes.bar} aria-labelledby={titleId} data-testid="camera-bar">
        <Group gap="xs" wrap="wrap" align="center">
          <Text id={titleId} fw={600} fz="sm">
            <IconCamera size={18} aria-hidden className={classes.icon} /> Camera
          </Text>
          {!isOpen ? (
            <Button variant="default" onClick={() => setIsOpen(true)} leftSection={<IconCamera size={18} />}>
              Practise with camera
            </Button>
          ) : (
            <Button variant="default" onClick={close} leftSection={<IconCameraOff size={18} />}>
              Turn camera off
            </Button>
          )}
          {isOpen && camera.stream && (
            <>
              <Button.Group aria-label="Camera layout" className={classes.layout}>
                {(
                  [
                    ['side', 'Side by side'],
                    ['pip', 'Picture in picture'],
                  ] as const
                ).map(([value, label]) => (
                  <Button
                    key={value}
                    variant={layout === value ? 'filled' : 'default'}
                    color="pink"
                    aria-pressed={layout === value}
                    onClick={() => setLayout(value)}
                  >
                    {label}
                  </Button>
                ))}
              </Button.Group>
              <Switch
                label="Mirror camera"
                checked={isMirrored}
                onChange={(e) => setIsMirrored(e.currentTarget.checked)}
              />
              {recorder.isRecording ? (
                <Button
                  color="red"
                  onClick={recorder.stop}
                  leftSection={<IconPlayerRecordFilled size={16} />}
                >
                  Stop recording
                </Button>
              ) : (
                <Button
                  color="red"
                  variant="light"
                  onClick={recordTake}
                  disabled={!isLoopActive(loop) || !canRecord}
                  leftSection={<IconPlayerRecordFilled size={16} />}
                >
                  Record take of loop
                </Button>
              )}
              {replaying && (
                <Button variant="subtle" onClick={() => setReplaying(null)}>
                  Back to camera
                </Button>
              )}
            </>
          )}
        </Group>

        {isOpen && camera.state.status === 'off' && (
          <Paper withBorder p="md" mt="sm" data-testid="camera-prompt">
            <Stack gap="sm">
              <Text fw={600}>{CAMERA_MESSAGES.promptTitle}</Text>
              <Text fz="sm">{CAMERA_MESSAGES.prompt}</Text>
              <Group gap="xs">
                <Button ref={promptButton} onClick={() => void camera.start()} color="pink">
                  Turn on camera
                </Button>
                <Button variant="default" onClick={close}>
                  Not now
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
        {isOpen && camera.state.status === 'starting' && (
          <Text fz="sm" mt="sm" role="status">
            Waiting for the camera… (answer your browser’s question)
          </Text>
        )}
        {isOpen && problem && (
          <Alert color="red" mt="sm" title="Camera unavailable" role="alert" data-testid="camera-problem">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{PROBLEM_MESSAGES[problem]}</Text>
              {problem !== 'unsupported' && (
                <Button variant="default" onClick={() => void camera.start()}>
                  Try again
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {isOpen && camera.stream && !isLoopActive(loop) && !replaying && (
          <Text fz="sm" c="dimmed" mt="xs">
            {CAMERA_MESSAGES.needLoop}
          </Text>
        )}
        {isOpen && camera.stream && !canRecord && (
          <Text fz="sm" c="dimmed" mt="xs">
            {CAMERA_MESSAGES.cannotRecord}
          </Text>
        )}

        <Text fz="sm" mt="xs" role="status" aria-live="polite" data-testid="camera-status">
          {status}
        </Text>
        {takes.error && (
          <Text fz="sm" c="red" role="alert">
            {takes.error}
          </Text>
        )}

        {takes.takes.length > 0 && (
          <div className={classes.takes}>
            <Group gap="xs" align="baseline">
              <Text fw={600} fz="sm" component="h3" m={0}>
                Your takes
              </Text>
              <Text fz="xs" c="dimmed" data-testid="takes-storage">
                {takes.used.count} {takes.used.count === 1 ? 'take' : 'takes'} on this device use{' '}
                {formatBytes(takes.used.bytes)}. {CAMERA_MESSAGES.deviceOnly}
              </Text>
            </Group>
            <ul className={classes.takeList} data-testid="takes-list">
              {takes.takes.map((take, i) => {
                const number = i + 1;
                return (
                  <li key={take.id} className={classes.take}>
                    <Text fz="sm" className={classes.takeText}>
                      <strong>Take {number}</strong> · {formatClock(take.lessonStart)}–
                      {formatClock(take.lessonEnd)} at {Number(take.speed.toFixed(2))}× ·{' '}
                      {formatBytes(take.size)} ·{' '}
                      {new Date(take.createdAt).toLocaleString(undefined, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {replaying?.take.id === take.id && (
                        <Badge color="pink" variant="light">
                          Playing
                        </Badge>
                      )}
                      <Button
                        variant="default"
                        onClick={() => void replayTake(take, number)}
                        aria-label={`Play beside lesson (take ${number})`}
                      >
                        Play beside lesson
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        onClick={() => void removeTake(take, number)}
                        aria-label={`Delete take ${number}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}
