import { describe, expect, it, vi } from 'vitest';
import { runStartChain, type StartChainReply, startFilesOf } from './start-chain';

const start = {
  playlistUrl: '/api/v1/media/a/1/s/360p/index.m3u8',
  segmentUrl: '/api/v1/media/a/1/s/360p/seg_000.ts',
};
const base = 'http://localhost:5173/PlayerPage?v=v1';
const MASTER = '/api/v1/media/a/1/s/master.m3u8';
const answerOf = (resumeAtSeconds: number | null, withStart = true) =>
  JSON.stringify({ resumeAtSeconds, source: { hlsUrl: MASTER, start: withStart ? start : null } });

/** A network whose answers the test releases, recording what was asked in order. */
function heldNetwork(answer: string, status = 200) {
  const asked: string[] = [];
  const release = new Map<string, () => void>();
  const network = vi.fn((url: string | URL | Request) => {
    const href = String(url);
    asked.push(href);
    return new Promise<Response>((resolve) => {
      const body = href.includes('/playback') ? answer : new Uint8Array(1000);
      release.set(href, () =>
        resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } })),
      );
    });
  }) as unknown as typeof fetch;
  return { asked, release, network };
}

describe('startFilesOf', () => {
  it('names the start files of an answer that starts from 0, and none for a resume point or bad text', () => {
    expect(startFilesOf(answerOf(null))).toEqual({ ...start, masterUrl: MASTER });
    expect(startFilesOf(JSON.stringify({ resumeAtSeconds: null, source: { start } }))).toEqual(start);
    expect(startFilesOf(answerOf(42))).toBeNull();
    expect(startFilesOf(answerOf(null, false))).toBeNull();
    expect(startFilesOf('{"source":null,"resumeAtSeconds":null}')).toBeNull();
    expect(startFilesOf('not json')).toBeNull();
  });
});

describe('runStartChain (decision 0070)', () => {
  it('asks for the master and both start files as the answer arrives, before posting the answer; notes the segment', async () => {
    const { asked, release, network } = heldNetwork(answerOf(null));
    const replies: StartChainReply[] = [];
    const done = runStartChain(
      { type: 'ask', id: 7, url: '/api/v1/videos/v1/playback?type=lesson', base },
      (reply) => replies.push(reply),
      new AbortController().signal,
      network,
    );
    expect(asked).toEqual(['/api/v1/videos/v1/playback?type=lesson']);
    release.get(asked[0]!)!();
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    const files = [MASTER, start.playlistUrl, start.segmentUrl].map((url) => new URL(url, base).href);
    expect(asked.slice(1)).toEqual(files);
    expect(replies[0]).toEqual({
      type: 'answer',
      id: 7,
      status: 200,
      contentType: 'application/json',
      body: answerOf(null),
      start: { ...start, masterUrl: MASTER },
    });
    for (const file of files) release.get(file)!();
    await done;
    expect(replies[1]).toMatchObject({ type: 'segment', url: files[2] });
    expect((replies[1] as { bitsPerSecond: number }).bitsPerSecond).toBeGreaterThan(0);
  });

  it('fetches no start file for a resume point or a refused answer, and posts the answer as it came', async () => {
    for (const [answer, status] of [
      [answerOf(42), 200],
      [JSON.stringify({ code: 'PLAN_REQUIRED' }), 403],
    ] as const) {
      const { asked, release, network } = heldNetwork(answer, status);
      const replies: StartChainReply[] = [];
      const done = runStartChain(
        { type: 'ask', id: 1, url: '/api/v1/videos/v1/playback', base },
        (reply) => replies.push(reply),
        new AbortController().signal,
        network,
      );
      release.get(asked[0]!)!();
      await done;
      expect(asked).toHaveLength(1);
      expect(replies).toEqual([
        { type: 'answer', id: 1, status, contentType: 'application/json', body: answer, start: null },
      ]);
    }
  });

  it('posts a failure when the API cannot be reached (the page then asks itself)', async () => {
    const network = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    const replies: StartChainReply[] = [];
    await runStartChain(
      { type: 'ask', id: 3, url: '/api/v1/videos/v1/playback', base },
      (reply) => replies.push(reply),
      new AbortController().signal,
      network,
    );
    expect(replies).toEqual([{ type: 'failed', id: 3 }]);
  });
});
