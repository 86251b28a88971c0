import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPracticeCamera as renderCamera } from '../../../test/render-practice-camera';
import { CAMERA_MESSAGES } from './camera-messages';

let getUserMedia: ReturnType<typeof vi.fn>;
const stopTrack = vi.fn();

beforeEach(() => {
  stopTrack.mockClear();
  const track = { stop: stopTrack, addEventListener: vi.fn() };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  getUserMedia = vi.fn(() => Promise.resolve(stream));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});
afterEach(() => vi.restoreAllMocks());

describe('PracticeCamera', () => {
  it('explains why before asking for the camera, and asks only on the member’s word', async () => {
    renderCamera();
    await userEvent.click(await screen.findByRole('button', { name: 'Practise with camera' }));
    expect(screen.getByText(CAMERA_MESSAGES.prompt)).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on camera' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    expect(await screen.findByTestId('camera-video')).toHaveAttribute('data-mirrored', 'true');
    // No loop: nothing to record yet.
    expect(screen.getByText(CAMERA_MESSAGES.needLoop)).toBeInTheDocument();
  });

  it('stops the camera when turned off and when the player goes away', async () => {
    const view = renderCamera();
    await userEvent.click(await screen.findByRole('button', { name: 'Practise with camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on camera' }));
    await screen.findByTestId('camera-video');
    await userEvent.click(screen.getByRole('button', { name: 'Turn camera off' }));
    expect(stopTrack).toHaveBeenCalledTimes(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Practise with camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on camera' }));
    await screen.findByTestId('camera-video');
    view.unmount();
    expect(stopTrack).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['NotAllowedError', CAMERA_MESSAGES.denied],
    ['NotFoundError', CAMERA_MESSAGES.noCamera],
    ['NotReadableError', CAMERA_MESSAGES.inUse],
  ])('says what to do on %s', async (name, message) => {
    getUserMedia.mockImplementation(() => Promise.reject(new DOMException('no', name)));
    renderCamera();
    await userEvent.click(await screen.findByRole('button', { name: 'Practise with camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('camera-video')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
