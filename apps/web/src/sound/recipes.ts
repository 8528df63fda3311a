/**
 * What each sound is made of: short tones and noise bursts with a quick attack and a smooth decay,
 * as plain data (times in seconds) so their lengths are checked without Web Audio. Effects stay under
 * 0.4 s, the game's end under 1.2 s.
 */
import type { SoundCue } from './cues';

export interface Tone {
  readonly kind: 'tone';
  readonly wave: OscillatorType;
  /** Hz at the start, and at the end when the pitch slides. */
  readonly freq: number;
  readonly freqEnd?: number;
  readonly start: number;
  readonly dur: number;
  /** Peak level, 0–1, before the volume setting. */
  readonly gain: number;
}

export interface Noise {
  readonly kind: 'noise';
  /** Centre of the band-pass that shapes the hiss into a clash. */
  readonly band: number;
  readonly start: number;
  readonly dur: number;
  readonly gain: number;
}

export type Voice = Tone | Noise;

/** The longest an effect may last, and the end of the game. */
export const EFFECT_MAX_S = 0.4;
export const GAME_OVER_MAX_S = 1.2;

const tone = (
  wave: OscillatorType,
  freq: number,
  start: number,
  dur: number,
  gain: number,
  freqEnd?: number,
): Tone => ({
  kind: 'tone',
  wave,
  freq,
  start,
  dur,
  gain,
  ...(freqEnd === undefined ? {} : { freqEnd }),
});
const noise = (band: number, start: number, dur: number, gain: number): Noise => ({
  kind: 'noise',
  band,
  start,
  dur,
  gain,
});

// Notes (Hz) of a C major scale around C5, for the chimes.
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const C6 = 1046.5;
const Eb5 = 622.25;
const G4 = 392.0;
const C4 = 261.63;

export const RECIPES: Record<SoundCue, readonly Voice[]> = {
  // A soft wooden step.
  move: [tone('triangle', 420, 0, 0.11, 0.5, 300)],
  // A rising fourth, like a flag going up.
  banner: [tone('triangle', G4, 0, 0.12, 0.45), tone('triangle', C5, 0.1, 0.2, 0.5)],
  // Three bright sparkles.
  chest: [tone('sine', E5, 0, 0.12, 0.4), tone('sine', G5, 0.07, 0.12, 0.4), tone('sine', C6, 0.14, 0.22, 0.45)],
  // Steel, then an upward step.
  'fight-won': [noise(2400, 0, 0.08, 0.5), tone('square', 440, 0.06, 0.26, 0.16, 660)],
  // Steel, then a falling step.
  'fight-lost': [noise(1800, 0, 0.08, 0.5), tone('sawtooth', 330, 0.06, 0.3, 0.14, 196)],
  // Someone else's fight: steel only, quieter.
  clash: [noise(2000, 0, 0.1, 0.35), tone('triangle', 260, 0, 0.08, 0.2, 220)],
  // Two soft chimes.
  'your-turn': [tone('sine', E5, 0, 0.16, 0.35), tone('sine', C6, 0.12, 0.24, 0.3)],
  // An arpeggio up to a held top note.
  'game-won': [
    tone('triangle', C5, 0, 0.2, 0.45),
    tone('triangle', E5, 0.14, 0.2, 0.45),
    tone('triangle', G5, 0.28, 0.2, 0.45),
    tone('triangle', C6, 0.42, 0.7, 0.5),
  ],
  // The turn clock's last ten seconds (PROTOCOL §4.8): two quick high ticks.
  'clock-warning': [tone('square', 1320, 0, 0.05, 0.18), tone('square', 1320, 0.14, 0.05, 0.18)],
  // A slow fall in a minor key.
  'game-lost': [
    tone('triangle', G5, 0, 0.26, 0.4),
    tone('triangle', Eb5, 0.22, 0.26, 0.4),
    tone('triangle', C5, 0.44, 0.3, 0.4),
    tone('triangle', C4, 0.62, 0.5, 0.35),
  ],
};

/** How long a sound lasts, in seconds. */
export function lengthOf(cue: SoundCue): number {
  return Math.max(...RECIPES[cue].map((v) => v.start + v.dur));
}
