// The counting tools' settings, apart from their bar: the player holds them from its first render, the bar
// (and its form controls' code) loads with the video's first frame (decision 0066).

/** The member's counting tools (issue 20); kept while the page is open. */
export interface CountSettings {
  /** Show "and" on the half counts. */
  showAnd: boolean;
  /** "5, 6, 7, 8" before each loop repeat. */
  countIn: boolean;
  metronome: boolean;
  /** How many eight-counts a counts loop takes from the current one. */
  loopCounts: number;
  /** The tempo ramp of counts loops: the first run's speed and the rise per repeat (0: no ramp). */
  rampFrom: number;
  rampStep: number;
}

export const DEFAULT_COUNT_SETTINGS: CountSettings = {
  showAnd: false,
  countIn: false,
  metronome: false,
  loopCounts: 1,
  rampFrom: 0.6,
  rampStep: 0,
};
