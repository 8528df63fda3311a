/**
 * What the game screen needs from a game in progress. The offline session (this device writes the log)
 * implements it; the online session (`online/online-session.ts`: the server writes the log, ARCHITECTURE §7.6)
 * implements it by folding the server's broadcasts and sending `client-game-action`.
 */
import type { GameAction, GameData, LobbyEvent, LobbyState, PlayableCountry } from '@four-banners/engine';
import type { FightView, MoveView } from './action-view';
import type { FeedEntry } from './feed';

export interface SessionSnapshot {
  /** The whole log so far (one growing array: copy it to keep a point-in-time list). */
  readonly events: readonly LobbyEvent[];
  /**
   * The state `events` continue from: null when they start at the lobby's first event (offline, always);
   * online, the full state the server last sent (a join, or a resync answered with a snapshot).
   */
  readonly base: LobbyState | null;
  readonly lobby: LobbyState;
  /** The country this device may act for right now (a person's turn), else null. */
  readonly active: PlayableCountry | null;
  /** The bot country playing right now, else null. */
  readonly botTurn: PlayableCountry | null;
  readonly lastFight: FightView | null;
  readonly lastMove: MoveView | null;
  /** The latest happenings, oldest first (at most FEED_LENGTH). */
  readonly feed: readonly FeedEntry[];
  /** 'win' / 'lost' once the player-status dialog applies (ARCHITECTURE §7.3), else null. */
  readonly outcome: 'win' | 'lost' | null;
  /**
   * The game actions shown since the snapshot the session published before this one, each with the
   * game before and after it (what the sound cues read instead of folding the log again); null when this
   * snapshot does not follow another (a new session, a replaced state).
   */
  readonly shown: ShownSince | null;
}

/** One game action as it was shown: the event and the game on either side of it. */
export interface ShownAction {
  readonly event: Extract<LobbyEvent, { kind: 'game-action' }>;
  readonly before: GameData;
  readonly after: GameData;
}

/** The step from one published snapshot to the next. */
export interface ShownSince {
  /** The seq of the snapshot this one follows. */
  readonly fromSeq: number;
  readonly actions: readonly ShownAction[];
}

/**
 * Collects the game actions a session shows between two published snapshots, and stamps each published
 * snapshot with them (`SessionSnapshot.shown`). Both sessions use it, so a listener sees every action once.
 */
export class ShownSteps {
  private actions: ShownAction[] = [];
  private fromSeq: number | null;
  private published: SessionSnapshot | null = null;

  constructor(first: SessionSnapshot) {
    this.fromSeq = first.lobby.seq;
    this.published = first;
  }

  /** A game action was folded onto what is shown. */
  add(action: ShownAction): void {
    this.actions.push(action);
  }

  /** What is shown was replaced (not continued): the next published snapshot follows none. */
  restart(): void {
    this.actions = [];
    this.fromSeq = null;
  }

  /** `snap` with the actions shown since the last published snapshot (the same object if already published). */
  publish(snap: SessionSnapshot): SessionSnapshot {
    if (snap === this.published) return snap;
    const stamped: SessionSnapshot = {
      ...snap,
      shown: this.fromSeq === null ? null : { fromSeq: this.fromSeq, actions: this.actions },
    };
    this.actions = [];
    this.fromSeq = stamped.lobby.seq;
    this.published = stamped;
    return stamped;
  }
}

export interface Pace {
  /** Milliseconds after each bot action. */
  readonly action: number;
  /** Milliseconds after a bot's turn ends (and before the next bot starts). */
  readonly turn: number;
}

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
