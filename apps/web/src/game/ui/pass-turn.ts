/**
 * Passing the turn (the header's button and the Enter key, online and hot-seat alike): at once, in one
 * click, when nothing is left to do; else the pass-turn dialog (ARCHITECTURE §7.3), which says what is
 * left and offers to go to it. The dialog asks the game screen to select the next unit, or to show the
 * banner spots, through `guideRequests`.
 */
import { setDialog } from '../../app/app-state';
import { createStore } from '../../app/store';
import { nothingLeft, turnLeft } from '../next-unit';
import type { GameSession } from '../session';

/** What the pass-turn dialog asks of the game screen: select the next unit, or show where banners go. */
export interface GuideRequest {
  readonly kind: 'next-unit' | 'banner-spots';
  /** Counts up, so the same request twice is seen twice. */
  readonly n: number;
}

export const guideRequests = createStore<GuideRequest | null>(null);

export function requestGuide(kind: GuideRequest['kind']): void {
  guideRequests.set((r) => ({ kind, n: (r?.n ?? 0) + 1 }));
}

/** Whether the session's person may pass now (their turn, no bot moving). */
export function canPassNow(session: GameSession | null): boolean {
  const s = session?.snapshot;
  return s !== undefined && s.active !== null && s.botTurn === null;
}

/** Passes at once when the engine says nothing is left to do (no unit can act, no banner can go down); else asks. */
export function askToPass(session: GameSession | null): void {
  if (!session || !canPassNow(session)) return;
  const s = session.snapshot;
  if (nothingLeft(turnLeft(s.lobby.game, s.active))) session.passTurn();
  else setDialog('nextTurn', true);
}
