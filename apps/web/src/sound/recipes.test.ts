import { describe, expect, it } from 'vitest';
import { SOUND_CUES } from './cues';
import { EFFECT_MAX_S, GAME_OVER_MAX_S, lengthOf, RECIPES } from './recipes';

describe('sound recipes', () => {
  it('every cue has a sound', () => {
    for (const cue of SOUND_CUES) expect(RECIPES[cue].length, cue).toBeGreaterThan(0);
  });

  it('effects last at most 0.4 s and the end of the game at most 1.2 s', () => {
    for (const cue of SOUND_CUES) {
      const max = cue === 'game-won' || cue === 'game-lost' ? GAME_OVER_MAX_S : EFFECT_MAX_S;
      expect(lengthOf(cue), cue).toBeLessThanOrEqual(max);
    }
  });

  it('every voice starts at or after 0, lasts a while, and peaks below full scale', () => {
    for (const cue of SOUND_CUES)
      for (const v of RECIPES[cue]) {
        expect(v.start).toBeGreaterThanOrEqual(0);
        expect(v.dur).toBeGreaterThan(0.02);
        expect(v.gain).toBeGreaterThan(0);
        expect(v.gain).toBeLessThanOrEqual(1);
      }
  });
});
