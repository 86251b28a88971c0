/**
 * Starts `background` beside `foreground` (decision 0057's second addendum: the higher renditions are encoded
 * while the lowest is). When the foreground fails, or the job's `signal` aborts, the background is stopped
 * through its own signal and awaited before the error goes on, so nothing is left running into a folder a retry
 * clears. Resolves with the foreground's result and the background still running; its failure is the caller's
 * to await.
 */
export async function runBeside<T>(
  foreground: () => Promise<T>,
  background: (signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ result: T; background: Promise<void> }> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const running = background(stop.signal).finally(() => signal?.removeEventListener('abort', onAbort));
  // Awaited by the caller later; a failure while the foreground still runs must not go unhandled meanwhile.
  running.catch(() => {});
  try {
    return { result: await foreground(), background: running };
  } catch (error) {
    stop.abort();
    await running.catch(() => {});
    throw error;
  }
}
