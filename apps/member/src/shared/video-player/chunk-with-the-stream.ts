import { startTransition, useEffect, useState } from 'react';
import { whenStreamMayStart } from './poster-first';

/**
 * Code the video's first frame does not need but that comes with it (the practice tools, the camera's bar, what
 * is below the video: decisions 0066 and 0076). Asked for when the stream may start, it is here by the first
 * frame without being evaluated before it. Once loaded, later players have it at once; a failed load may be
 * asked for again by the next player.
 */
export interface ChunkWithTheStream<T> {
  /** The module, once loaded. */
  loaded(): T | null;
  /** Asks for the chunk once; the same promise while it is on its way. */
  load(): Promise<T>;
}

export function chunkWithTheStream<T>(importChunk: () => Promise<T>): ChunkWithTheStream<T> {
  let module: T | null = null;
  let asked: Promise<T> | null = null;
  return {
    loaded: () => module,
    load() {
      asked ??= importChunk().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          asked = null;
          throw error;
        },
      );
      return asked;
    },
  };
}

export interface ChunkWithTheStreamOptions {
  /** False: not asked for (a guest has no use for it). */
  isWanted?: boolean;
  /** True: asked for at once, without waiting for the stream (a page without a stream). */
  isDueNow?: boolean;
}

/**
 * The chunk's module once here, `'failed'` when it could not load, `null` until then. Held in state rather than
 * `lazy`: a lazy part suspending in the page's transitions would hold them back. Its arrival is a transition,
 * so what it brings renders in slices (decision 0073).
 */
export function useChunkWithTheStream<T>(
  chunk: ChunkWithTheStream<T>,
  { isWanted = true, isDueNow = false }: ChunkWithTheStreamOptions = {},
): T | 'failed' | null {
  const [module, setModule] = useState<T | 'failed' | null>(chunk.loaded);
  const isHere = module !== null;
  useEffect(() => {
    if (isHere || !isWanted) return;
    let isCurrent = true;
    const settle = (next: T | 'failed') => {
      if (isCurrent) startTransition(() => setModule(next));
    };
    void (isDueNow ? chunk.load() : whenStreamMayStart().then(() => chunk.load())).then(settle, () =>
      settle('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [chunk, isHere, isWanted, isDueNow]);
  return module;
}
