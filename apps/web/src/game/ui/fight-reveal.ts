/**
 * The fight whose result the fight card has just shown (after its dice roll, or at once under reduced
 * motion): the screen-reader announcer speaks, and the feed lists the fight, when the eyes see the
 * result, not before.
 */
import { useMemo } from 'react';
import { createStore, useStore } from '../../app/store';
import type { FightView } from '../action-view';
import type { FeedEntry } from '../feed';

export const revealedFight = createStore<FightView | null>(null);

/** `feed` without the entries of `fight` (who won, who is out) until the fight card has revealed it. */
export function useFeedAfterReveal(feed: readonly FeedEntry[], fight: FightView | null): readonly FeedEntry[] {
  const revealedSeq = useStore(revealedFight, (f) => f?.seq ?? null);
  const hidden = fight !== null && fight.seq !== revealedSeq ? fight.seq : null;
  return useMemo(() => (hidden === null ? feed : feed.filter((e) => e.seq !== hidden)), [feed, hidden]);
}
