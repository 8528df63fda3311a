/**
 * What the game screen needs from a game in progress. The offline session (this device writes the log)
 * implements it; the online session (`online/online-session.ts`: the server writes the log, ARCHITECTURE §7.6)
 * implements it by folding the server's broadcasts and sending `client-game-action`.
 */
import type { GameAction } from '@four-banners/engine';
import type { SessionSnapshot } from './offline-session';

export type { SessionSnapshot } from './offline-session';

export interface GameSession {
  /** True when the server writes the log (an online lobby); such a game is neither autosaved nor saved. */
  readonly online: boolean;
  /** The player id this device plays as: its own seat and the hot-seat players it owns. */
  readonly playerId: string;
  readonly snapshot: SessionSnapshot;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => SessionSnapshot;
  /** A person's action for the active country; false (nothing changes) when the engine refuses it. */
  act(action: GameAction): boolean;
  /** Passes the active country's turn. */
  passTurn(): boolean;
  /** Plays the bots' pending turns at once (offline), or shows the bot moves already received at once (online). */
  skipBots(): void;
  /** Lets bots move if it is their turn (a new or loaded game, or the game screen shown again). */
  resume(): void;
  /** Holds the bots while the game screen is not shown. */
  pause(): void;
  dispose(): void;
  /** The save this game was loaded from or last saved to. */
  saveId: string | null;
  name: string;
}
