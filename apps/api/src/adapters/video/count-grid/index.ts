import type { TCountGrid } from '@dance/domain';
import { decodeMonoPcm } from '../local/ffmpeg';
import { ANALYSIS_SAMPLE_RATE, countGridOf, FrameEnergies } from './detect';

export { detectCountGrid } from './detect';

/**
 * The count grid of a media file or stream URL: ffmpeg decodes its audio to mono PCM, the beat tracker
 * reads it as it arrives (decision 0048).
 */
export async function detectMediaCountGrid(input: string, signal?: AbortSignal): Promise<TCountGrid> {
  const energies = new FrameEnergies();
  await decodeMonoPcm(input, ANALYSIS_SAMPLE_RATE, (samples) => energies.push(samples), signal);
  return countGridOf(energies);
}
