import { PLAYER_MESSAGES } from '@dance/domain';
import { type ReactNode, useState } from 'react';
import { ChunkFailed } from '../chunk-failed';
import { chunkWithTheStream, useChunkWithTheStream } from '../chunk-with-the-stream';
import type { CameraLayout, CameraPanelProps } from './camera-panel';
import classes from './practice-camera.module.css';

export type { CameraLayout } from './camera-panel';

/** The panel's own props (the video, the loop, the frame hook), the stage's content and the tools. */
export interface PracticeCameraProps extends Omit<CameraPanelProps, 'slots' | 'onLayoutChange'> {
  /** The lesson's frame. */
  children: ReactNode;
  /** The player's tools, shown between the picture and the camera's own. */
  tools: ReactNode;
  /** False until the lesson's first frame: the camera's bar comes after it (video first). */
  isBarShown?: boolean;
  /** The tools' own code could not load (`tools` is then their notice): if the camera's could not either, one notice says both. */
  isToolsFailed?: boolean;
}

/**
 * The camera's bar and picture are a chunk of their own (recording, takes kept in IndexedDB, replay): in the
 * player's chunk their code was evaluated before the video's first frame, in the player page's longest task on
 * a slow phone (issue 21 item 3). It is asked for when the stream may start, as the practice tools are, so it
 * is here by the first frame; once loaded, later players have it at once.
 */
const cameraPanelChunk = chunkWithTheStream(() => import('./camera-panel'));

/**
 * Practise beside your camera (issue 20 item 4): the stage that holds the lesson's frame and, once the member
 * turns the camera on, their picture beside it or over it; then the player's tools and the camera's bar.
 */
export function PracticeCamera({
  children,
  tools,
  isBarShown = true,
  isToolsFailed = false,
  ...panelProps
}: PracticeCameraProps) {
  const panel = useChunkWithTheStream(cameraPanelChunk);
  const [layout, setLayout] = useState<CameraLayout | undefined>(undefined);
  const [pipSlot, setPipSlot] = useState<HTMLDivElement | null>(null);
  const [sideSlot, setSideSlot] = useState<HTMLDivElement | null>(null);
  const isCameraFailed = isBarShown && panel === 'failed';

  return (
    <>
      <div className={classes.stage} data-layout={layout} data-testid="practice-stage">
        <div className={classes.lesson}>
          {children}
          <div ref={setPipSlot} className={classes.slot} />
        </div>
        <div ref={setSideSlot} className={classes.slot} />
      </div>
      {isCameraFailed && isToolsFailed ? (
        <ChunkFailed message={PLAYER_MESSAGES.practiceToolsAndCameraFailed} />
      ) : (
        tools
      )}
      {isCameraFailed && !isToolsFailed && <ChunkFailed message={PLAYER_MESSAGES.cameraFailed} />}
      {isBarShown && panel && panel !== 'failed' && (
        <panel.CameraPanel
          {...panelProps}
          slots={{ pip: pipSlot, side: sideSlot }}
          onLayoutChange={setLayout}
        />
      )}
    </>
  );
}
