/** Tests of the turn strip (game/ui/TurnStrip.tsx) in a narrow header. */
import { describe, expect, it } from 'vitest';
import { dropRank } from './TurnStrip';

describe('the turn strip in a narrow header', () => {
  it('leaves out the oldest turns first, then the farthest ahead; never the current turn or the next two', () => {
    const offsets = [-4, -3, -2, -1, 0, 1, 2, 3, 4];
    const order = offsets.filter((o) => dropRank(o) > 0).sort((a, b) => dropRank(a) - dropRank(b));
    expect(order).toEqual([-4, -3, -2, -1, 4, 3]);
    expect([0, 1, 2].map(dropRank)).toEqual([0, 0, 0]);
    // Each rank is used once, so the CSS thresholds drop one turn per step.
    expect(new Set(offsets.map(dropRank).filter((r) => r > 0)).size).toBe(6);
  });
});
