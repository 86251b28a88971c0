import { useCallback, useEffect, useRef, useState } from 'react';
import { type CameraProblem, cameraProblem } from './camera-messages';

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on'; stream: MediaStream }
  | { status: 'problem'; problem: CameraProblem };

/**
 * The member's camera (issue 20 item 4): asks for it (video only), and stops every track when turned off or
 * when the player goes away (leaving the page), so the camera light goes out.
 */
export function useCamera() {
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const streamRef = useRef<MediaStream | null>(null);
  const attempt = useRef(0);

  const release = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setState({ status: 'problem', problem: 'unsupported' });
      return;
    }
    const mine = ++attempt.current;
    setState({ status: 'starting' });
    try {
      const stream = await media.getUserMedia({
        audio: false,
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      // Turned off (or the player left) while the browser was asking: let the camera go at once.
      if (mine !== attempt.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      release();
      streamRef.current = stream;
      for (const track of stream.getVideoTracks()) {
        track.addEventListener('ended', () => {
          if (streamRef.current !== stream) return;
          release();
          setState({ status: 'problem', problem: 'ended' });
        });
      }
      setState({ status: 'on', stream });
    } catch (error) {
      if (mine === attempt.current) setState({ status: 'problem', problem: cameraProblem(error) });
    }
  }, [release]);

  const stop = useCallback(() => {
    attempt.current += 1;
    release();
    setState({ status: 'off' });
  }, [release]);

  useEffect(
    () => () => {
      attempt.current += 1;
      release();
    },
    [release],
  );

  return { state, stream: state.status === 'on' ? state.stream : null, start, stop };
}
