import { describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES, cameraProblem, PROBLEM_MESSAGES } from './camera-messages';

describe('camera problems', () => {
  it('names what went wrong from the getUserMedia error', () => {
    expect(cameraProblem(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('x', 'SecurityError'))).toBe('denied');
    expect(cameraProblem(new DOMException('x', 'NotFoundError'))).toBe('no-camera');
    expect(cameraProblem(new DOMException('x', 'OverconstrainedError'))).toBe('no-camera');
    expect(cameraProblem(new DOMException('x', 'NotReadableError'))).toBe('in-use');
    expect(cameraProblem(new Error('odd'))).toBe('failed');
    expect(cameraProblem('nothing')).toBe('failed');
    expect(PROBLEM_MESSAGES.denied).toBe(CAMERA_MESSAGES.denied);
  });
});
