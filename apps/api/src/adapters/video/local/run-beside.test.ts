import { describe, expect, it } from 'vitest';
import { runBeside } from './run-beside';

/** Background work that runs until its signal stops it, and says when it ended. */
function untilStopped() {
  const state = { isStopped: false, isEnded: false };
  const work = (signal: AbortSignal) =>
    new Promise<void>((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        state.isStopped = true;
        state.isEnded = true;
        reject(new Error('stopped'));
      });
    });
  return { state, work };
}

describe('runBeside', () => {
  it('hands back the foreground result with the background still running', async () => {
    let finish = () => {};
    const background = new Promise<void>((resolve) => (finish = resolve));
    const { result, background: running } = await runBeside(
      async () => 'playable',
      () => background,
    );
    expect(result).toBe('playable');
    finish();
    await expect(running).resolves.toBeUndefined();
  });

  it('stops the background when the foreground fails, and only then fails', async () => {
    const { state, work } = untilStopped();
    await expect(
      runBeside(async () => {
        throw new Error('the lowest rendition failed');
      }, work),
    ).rejects.toThrow('the lowest rendition failed');
    expect(state.isEnded).toBe(true);
  });

  it("stops the background when the job's signal aborts", async () => {
    const { state, work } = untilStopped();
    const job = new AbortController();
    const { background } = await runBeside(async () => 'playable', work, job.signal);
    expect(state.isStopped).toBe(false);
    job.abort();
    await expect(background).rejects.toThrow('stopped');
    expect(state.isStopped).toBe(true);
  });

  it("passes the background's own failure on to whoever awaits it", async () => {
    const { background } = await runBeside(
      async () => 'playable',
      async () => {
        throw new Error('the 1080p failed');
      },
    );
    await expect(background).rejects.toThrow('the 1080p failed');
  });
});
