/**
 * The dice roll a fight card plays before it shows the result (issue 9 "Obvious feedback"): how long it
 * lasts, whether it plays at all, and which faces tumble by. Purely presentational: the game has the
 * result already and never waits for it.
 */
import { prefersReducedMotion } from '../app/settings';

/** How long the dice tumble before they settle on the real rolls (ms). */
export const ROLL_MS = 720;

/** How many faces each die shows while it tumbles. */
export const TUMBLE_FRAMES = 8;

/** Whether a fight's dice roll plays: not when the OS asks for reduced motion (the result shows at once). */
export function diceRoll(): boolean {
  return !prefersReducedMotion();
}

/**
 * The faces a die shows while it tumbles toward `value` (1-6): `frames` faces, each different from the
 * one before and the last different from `value`, so the settle onto the real roll is seen. `salt`
 * varies the order (the attacker's and the defender's dice do not tumble in step); the same arguments
 * give the same faces (a re-render never changes them).
 */
export function tumbleFaces(value: number, salt: number, frames = TUMBLE_FRAMES): number[] {
  const out: number[] = [];
  // A small linear congruential walk: varied enough to look random, fixed for the same fight.
  let s = (Math.imul(value * 7 + 3, 2654435761) ^ Math.imul(salt + 1, 40503)) >>> 0;
  let prev = value;
  for (let i = 0; i < frames; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    let face = ((s >>> 16) % 6) + 1;
    const avoid = i === frames - 1 ? [prev, value] : [prev];
    while (avoid.includes(face)) face = (face % 6) + 1;
    out.push(face);
    prev = face;
  }
  return out;
}
