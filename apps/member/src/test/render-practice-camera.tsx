import { UiProvider } from '@dance/ui';
import { render } from '@testing-library/react';
import { createRef, useRef } from 'react';
import { PracticeCamera } from '../shared/video-player/camera/practice-camera';
import { EMPTY_LOOP } from '../shared/video-player/practice-loop';

function Harness({ loop }: { loop: typeof EMPTY_LOOP }) {
  const lessonRef = createRef<HTMLVideoElement>();
  const frameHook = useRef(null);
  return (
    <PracticeCamera
      videoId="v1"
      lessonRef={lessonRef}
      loop={loop}
      speed={1}
      onLoopRange={() => {}}
      frameHook={frameHook}
      tools={<p>tools</p>}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a stand-in lesson */}
      <video ref={lessonRef} data-testid="lesson" />
    </PracticeCamera>
  );
}

/** The practice camera around a stand-in lesson (test id `lesson`) and tools (the text `tools`), as the player has it. */
export const renderPracticeCamera = (loop = EMPTY_LOOP) =>
  render(
    <UiProvider>
      <Harness loop={loop} />
    </UiProvider>,
  );
