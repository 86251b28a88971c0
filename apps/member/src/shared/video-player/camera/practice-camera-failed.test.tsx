import { PLAYER_MESSAGES } from '@dance/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPracticeCamera } from '../../../test/render-practice-camera';
import { ChunkFailed } from '../chunk-failed';

// The camera's chunk cannot load: the network dropped, or a new release replaced it.
vi.mock('./camera-panel', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('PracticeCamera when its code could not load', () => {
  it('keeps the lesson and the tools, and says how to get the camera back', async () => {
    renderPracticeCamera();
    expect(await screen.findByText(PLAYER_MESSAGES.cameraFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByTestId('lesson')).toBeInTheDocument();
    expect(screen.getByText('tools')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Practise with camera' })).not.toBeInTheDocument();
  });

  it('says it once, with one Reload button, when the tools could not load either', async () => {
    renderPracticeCamera(undefined, {
      tools: <ChunkFailed message={PLAYER_MESSAGES.practiceToolsFailed} />,
      isToolsFailed: true,
    });
    expect(await screen.findByText(PLAYER_MESSAGES.practiceToolsAndCameraFailed)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
    expect(screen.queryByText(PLAYER_MESSAGES.practiceToolsFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(PLAYER_MESSAGES.cameraFailed)).not.toBeInTheDocument();
    expect(screen.getByTestId('lesson')).toBeInTheDocument();
  });
});
