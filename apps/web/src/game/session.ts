/**
 * What the game screen needs from a game in progress. The offline session (this device writes the log)
 * implements it today; an online session (the server writes the log, DESIGN.md §5) will implement the
 * same interface by folding `server-game-action` events and sending `client-game-action`.
 */
import type { GameAction } from '@four-banners/engine';
import type { SessionSnapshot } from './offline-session';

export type { SessionSnapshot } from './offline-session';

export interface GameSession {
  readonly snapshot: SessionSnapshot;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => SessionSnapshot;
  /** A person's action for the active country; false (nothing changes) when the engine refuses it. */
  act(action: GameAction): boolean;
  /** Passes the active country's turn. */
  passTurn(): boolean;
  /** Plays the bots' pending turns at once (offline), or does nothing (online). */
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
