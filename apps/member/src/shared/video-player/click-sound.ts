/**
 * Clicks through Web Audio (the count-in and the metronome): a short tone, higher on a "1", scheduled on the
 * audio clock so it lands on the beat whatever the main thread is doing. One context per page, made on the
 * member's first use (browsers start audio only after a gesture).
 */
let context: AudioContext | null = null;

export function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

/** A click `delaySeconds` from now; `accent` for the "1" (and the "5, 6, 7, 8" of a count-in). */
export function scheduleClick(delaySeconds: number, accent = false) {
  const ctx = audioContext();
  if (!ctx) return;
  const at = ctx.currentTime + Math.max(0, delaySeconds);
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.frequency.value = accent ? 1760 : 1320;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(accent ? 0.5 : 0.3, at + 0.002);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.06);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + 0.08);
}
