import { UiProvider } from '@dance/ui';
import { render } from '@testing-library/react';
import { createRef, type ReactNode, useRef } from 'react';
import { PracticeCamera } from '../shared/video-player/camera/practice-camera';
import { EMPTY_LOOP } from '../shared/video-player/practice-loop';

interface HarnessProps {
  loop?: typeof EMPTY_LOOP;
  /** What the player passes when the tools' code could not load: their notice, and the flag. */
  tools?: ReactNode;
  isToolsFailed?: boolean;
}

function Harness({ loop = EMPTY_LOOP, tools = <p>tools</p>, isToolsFailed }: HarnessProps) {
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
      tools={tools}
      isToolsFailed={isToolsFailed}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a stand-in lesson */}
      <video ref={lessonRef} data-testid="lesson" />
    </PracticeCamera>
  );
}

/** The practice camera around a stand-in lesson (test id `lesson`) and tools (the text `tools`), as the player has it. */
export const renderPracticeCamera = (loop = EMPTY_LOOP, props: Omit<HarnessProps, 'loop'> = {}) =>
  render(
    <UiProvider>
      <Harness loop={loop} {...props} />
    </UiProvider>,
  );
