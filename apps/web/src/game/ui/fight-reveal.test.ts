/** Tests of game/ui/fight-reveal.ts: the feed holds a fight's result back until the fight card shows it. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FightView } from '../action-view';
import type { FeedEntry } from '../feed';
import { revealedFight, useFeedAfterReveal } from './fight-reveal';

const fight = { seq: 12, attacker: 0, defender: 1 } as unknown as FightView;
const feed: FeedEntry[] = [
  { seq: 12, country: 0, text: 'attacked Purple: 5 vs 2 — Green won' },
  { seq: 12, country: 1, text: 'is out of the game' },
  { seq: 11, country: 0, text: 'raised a banner' },
];

afterEach(() => revealedFight.set(null));

describe('the feed while the dice roll (no spoiler before the fight card shows the result)', () => {
  it('leaves out every entry of the fight until the card reveals it, then lists them', () => {
    const { result } = renderHook(() => useFeedAfterReveal(feed, fight));
    expect(result.current.map((e) => e.text)).toEqual(['raised a banner']);
    act(() => revealedFight.set(fight));
    expect(result.current).toBe(feed);
  });

  it('keeps the feed as it is when there is no fight, or the fight was already revealed', () => {
    expect(renderHook(() => useFeedAfterReveal(feed, null)).result.current).toBe(feed);
    revealedFight.set(fight);
    expect(renderHook(() => useFeedAfterReveal(feed, fight)).result.current).toBe(feed);
  });
});
