import { useEffect, useState } from 'react';
import { parseStoryboardVtt, type StoryboardCue } from './storyboard';

/** The scrubbing previews; they wait for the first frame (`isReady`) so the first segments go first. */
export function useStoryboard(storyboardUrl: string | null, isReady: boolean): StoryboardCue[] {
  const [storyboard, setStoryboard] = useState<StoryboardCue[]>([]);
  useEffect(() => {
    if (!storyboardUrl || !isReady) return;
    const controller = new AbortController();
    fetch(storyboardUrl, { signal: controller.signal })
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => setStoryboard(parseStoryboardVtt(text, storyboardUrl)))
      .catch(() => setStoryboard([]));
    return () => controller.abort();
  }, [storyboardUrl, isReady]);
  return storyboard;
}
