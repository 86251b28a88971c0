import { PLAYER_MESSAGES } from '@dance/domain';
import { UiProvider } from '@dance/ui';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_LOOP } from '../practice-loop';
import { PracticeCamera } from './practice-camera';

// The camera's chunk cannot load: the network dropped, or a new release replaced it.
vi.mock('./camera-panel', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('PracticeCamera when its code could not load', () => {
  it('keeps the lesson and the tools, and says how to get the camera back', async () => {
    const lessonRef = createRef<HTMLVideoElement>();
    render(
      <UiProvider>
        <PracticeCamera
          videoId="v1"
          lessonRef={lessonRef}
          loop={EMPTY_LOOP}
          speed={1}
          onLoopRange={() => {}}
          frameHook={{ current: null }}
          tools={<p>tools</p>}
        >
          {/* biome-ignore lint/a11y/useMediaCaption: a stand-in lesson */}
          <video ref={lessonRef} data-testid="lesson" />
        </PracticeCamera>
      </UiProvider>,
    );
    expect(await screen.findByText(PLAYER_MESSAGES.cameraFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByTestId('lesson')).toBeInTheDocument();
    expect(screen.getByText('tools')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Practise with camera' })).not.toBeInTheDocument();
  });
});
