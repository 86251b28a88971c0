import { describe, expect, it } from 'vitest';
import { findCue, parseStoryboardVtt } from './storyboard';

const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
storyboard.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
storyboard.jpg#xywh=160,0,160,90

00:01:00.000 --> 00:01:02.000
https://image.mux.com/abc/storyboard.jpg?token=t#xywh=0,90,160,90
`;

describe('storyboard', () => {
  it('parses tiles and resolves relative sprites against the signed VTT path', () => {
    const cues = parseStoryboardVtt(VTT, '/api/v1/media/a/1/sig/storyboard.vtt');
    expect(cues).toHaveLength(3);
    expect(cues[1]).toMatchObject({
      start: 2,
      end: 4,
      x: 160,
      y: 0,
      url: '/api/v1/media/a/1/sig/storyboard.jpg',
    });
    expect(cues[2]!.url).toBe('https://image.mux.com/abc/storyboard.jpg?token=t');
    expect(cues[2]!.start).toBe(60);
  });
  it('finds the cue for a time', () => {
    const cues = parseStoryboardVtt(VTT, '/x/storyboard.vtt');
    expect(findCue(cues, 3)?.x).toBe(160);
    expect(findCue(cues, 0)?.x).toBe(0);
    expect(findCue(cues, 500)?.y).toBe(90);
  });
});
