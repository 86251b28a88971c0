/** What the member reads about the camera (issue 20 item 4): why it is asked for, and what went wrong. */
export const CAMERA_MESSAGES = {
  promptTitle: 'Practise beside your camera',
  prompt:
    'See yourself beside the lesson to compare your moves with the teacher. Your browser will ask to use your camera. The picture stays on this device: nothing is sent or uploaded, and takes you record are kept only in this browser.',
  denied:
    'The camera is blocked for this site. Allow the camera in your browser’s site settings (the camera icon in the address bar), then try again.',
  noCamera: 'No camera was found. Connect a camera, then try again.',
  inUse: 'Your camera is in use by another app or tab. Close it there, then try again.',
  unsupported: 'This browser cannot use a camera on this page.',
  failed: 'The camera could not start. Try again.',
  ended: 'The camera stopped (it was disconnected or turned off).',
  cannotRecord: 'This browser cannot record takes.',
  notRecorded: 'No take was kept: the recording stopped before the lesson played the loop.',
  needLoop: 'Set a loop (A-B, a chapter or eight-counts) to record a take of it.',
  deviceOnly: 'Kept only on this device, never uploaded.',
} as const;

export type CameraProblem = 'denied' | 'no-camera' | 'in-use' | 'unsupported' | 'failed' | 'ended';

/** The problem behind a getUserMedia rejection (its DOMException name). */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'in-use';
  return 'failed';
}

export const PROBLEM_MESSAGES: Record<CameraProblem, string> = {
  denied: CAMERA_MESSAGES.denied,
  'no-camera': CAMERA_MESSAGES.noCamera,
  'in-use': CAMERA_MESSAGES.inUse,
  unsupported: CAMERA_MESSAGES.unsupported,
  failed: CAMERA_MESSAGES.failed,
  ended: CAMERA_MESSAGES.ended,
};
