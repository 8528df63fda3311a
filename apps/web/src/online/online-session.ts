/**
 * The board's session of an online game (ARCHITECTURE §7.5, §7.6): the `GameSession` the game screen, the
 * header and the dialogs read, exactly as offline. The online client (`online-client.ts`) folds every
 * event the server sends, once, and hands this session each event with the state it folded to; the
 * session only decides *when* it is shown: `snapshot` releases those states at a pace a person can
 * follow while bots play. A person's action is sent only when the engine says it is actable for this
 * device's country, and it is shown when the server broadcasts it back.
 */
import {
  actable,
  applyEvent,
  isGameOver,
  isPaused,
  playerOfCountry,
  whoseTurn,
  winner,
  type GameAction,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import type { Ack, ClientAction } from '@four-banners/protocol';
import { describeAction } from '../game/action-view';
import { FEED_LENGTH, personFeedEntry } from '../game/feed';
import { controlledHere } from '../game/seats';
import { ShownSteps, type GameSession, type Pace, type SessionSnapshot } from '../game/session';

export interface OnlineSessionOptions {
  /** This device's player id (from `server-hello`). */
  readonly playerId: string;
  /** Sends a person's action to the server; resolves with its acknowledgement. */
  readonly send: (action: ClientAction) => Promise<Ack>;
  readonly pace: () => Pace;
  /**
   * Whether an action can reach the server now (connected and caught up). When it cannot, an action
   * the engine allows is refused with `NOT_CONNECTED` rather than queued or lost without a word.
   */
  readonly live?: () => boolean;
  /** A refused or lost action: the message to show (nothing changed). */
  readonly onRefused?: (message: string) => void;
  /** An event did not fold onto what was received (a bug or a missed event): the caller resyncs. */
  readonly onBroken?: (seq: number) => void;
  readonly now?: () => number;
}

/** What a person is told when an action is refused because the connection is down (nothing was sent). */
export const NOT_CONNECTED = 'Not sent: the connection to the server is down. Reconnecting…';

/** A person's action as a client sends it (PROTOCOL §3.2: never a `bonus`, the server draws it). */
function toClientAction(action: GameAction): ClientAction | null {
  switch (action.id) {
    case 'place_banner':
    case 'next_turn':
      return action;
    case 'move_unit': {
      const { country, from, to } = action.info;
      return { id: 'move_unit', info: { country, from, to } };
    }
    default:
      return null;
  }
}

export class OnlineSession implements GameSession {
  readonly online = true;
  saveId: string | null = null;
  name = '';
  private snap: SessionSnapshot;
  /** The events shown since the last full state (the snapshot's log). */
  private readonly log: LobbyEvent[];
  /** The last state received: what is shown plus what waits in the queue. */
  private latest: LobbyState;
  /** The last full state: what the log continues from (null when it starts at the lobby's first event). */
  private logBase: LobbyState | null;
  private readonly listeners = new Set<() => void>();
  /** Received events not shown yet, in seq order, each with the state it folded to. */
  private queue: { readonly event: LobbyEvent; readonly after: LobbyState }[] = [];
  private readonly steps: ShownSteps;
  /** No event is shown before this time (the bots' pace). */
  private gateUntil = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private paused = true;
  private inFlight = false;
  private disposed = false;
  private readonly now: () => number;

  /**
   * `state` is the fold of `events` onto `base` (by default: `state` itself when there are no events, else
   * the events start at the lobby's first one).
   */
  constructor(
    state: LobbyState,
    events: readonly LobbyEvent[],
    private readonly options: OnlineSessionOptions,
    base: LobbyState | null = events.length === 0 ? state : null,
  ) {
    this.now = options.now ?? Date.now;
    this.log = [...events];
    this.logBase = base;
    this.latest = state;
    this.snap = this.derive(state, null, null, []);
    this.steps = new ShownSteps(this.snap);
  }

  get playerId(): string {
    return this.options.playerId;
  }

  get snapshot(): SessionSnapshot {
    return this.snap;
  }

  /** The seq of the last event received (shown or waiting). */
  get lastSeq(): number {
    return this.latest.seq;
  }

  /** Whether an action of this device is waiting for the server's answer. */
  get sending(): boolean {
    return this.inFlight;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.snap;

  /**
   * The next logged event from the server with `after`, the state the client folded it to (a test may leave
   * it out: the session then folds the event itself); shown now, or once the bots' pace allows. An event
   * that does not fold is reported (`onBroken`) and dropped.
   */
  receive(event: LobbyEvent, after?: LobbyState): void {
    if (event.seq <= this.lastSeq) return;
    let next = after;
    if (next === undefined) {
      const folded = applyEvent(this.latest, event);
      if (!folded.ok) {
        this.options.onBroken?.(this.latest.seq);
        return;
      }
      next = folded.value;
    }
    this.latest = next;
    if (this.disposed) return;
    this.queue.push({ event, after: next });
    this.pump();
  }

  /** A full state from the server replaces what is shown (a resync snapshot); `base` is what `events` continue from. */
  replace(
    state: LobbyState,
    events: readonly LobbyEvent[] = [],
    base: LobbyState | null = events.length === 0 ? state : null,
  ): void {
    this.logBase = base;
    this.clearTimer();
    this.queue = [];
    this.gateUntil = 0;
    this.log.length = 0;
    this.log.push(...events);
    this.latest = state;
    this.snap = this.derive(state, null, null, []);
    this.steps.restart();
    this.emit();
  }

  /** Sends a person's action for the active country; false (nothing sent) when the engine refuses it or the connection is down. */
  act(action: GameAction): boolean {
    const active = this.snap.active;
    if (active === null || this.inFlight || this.queue.length > 0) return false;
    if (!('country' in action.info) || action.info.country !== active) return false;
    const wire = toClientAction(action);
    if (!wire || !actable(this.snap.lobby.game, action).ok) return false;
    // An illegal action stays silent (ARCHITECTURE §7.5); a legal one that cannot be sent says so.
    if (this.options.live && !this.options.live()) {
      this.options.onRefused?.(NOT_CONNECTED);
      return false;
    }
    this.inFlight = true;
    this.emit();
    this.options
      .send(wire)
      .then(
        (ack) => {
          if (!ack.ok) this.options.onRefused?.(ack.error.message);
        },
        (e: unknown) => this.options.onRefused?.(e instanceof Error ? e.message : 'The server did not answer.'),
      )
      .finally(() => {
        this.inFlight = false;
        if (!this.disposed) this.emit();
      });
    return true;
  }

  /** Passes the active country's turn (sent only when the engine allows it). */
  passTurn(): boolean {
    const active = this.snap.active;
    return active !== null && this.act({ id: 'next_turn', info: { country: active } });
  }

  /** Shows every event already received at once (the bots' moves so far). */
  skipBots(): void {
    this.gateUntil = 0;
    this.drain(true);
  }

  /** The game screen is shown: bot moves are paced again. */
  resume(): void {
    this.paused = false;
    this.pump();
  }

  /** The game screen is hidden: nobody watches, so events are shown as they come. */
  pause(): void {
    this.paused = true;
    this.gateUntil = 0;
    this.drain(true);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  // --- showing events ---------------------------------------------------------------------------

  private pump(): void {
    if (this.disposed) return;
    this.drain(this.paused);
  }

  /** Shows queued events until the pace asks to wait (or, with `all`, every one of them). */
  private drain(all: boolean): void {
    this.clearTimer();
    let changed = false;
    while (this.queue.length > 0) {
      if (!all) {
        const wait = this.gateUntil - this.now();
        if (wait > 0) {
          this.timer = setTimeout(() => {
            this.timer = null;
            this.pump();
          }, wait);
          break;
        }
      }
      this.show(this.queue.shift()!);
      changed = true;
    }
    if (changed || this.queue.length === 0) this.refresh();
  }

  /** Re-derives who may act now (it depends on the queue being empty) and tells the listeners. */
  private refresh(): void {
    const s = this.snap;
    this.snap = this.derive(s.lobby, s.lastFight, s.lastMove, s.feed);
    this.emit();
  }

  /** Shows one received event (folded when it arrived). */
  private show({ event, after }: { readonly event: LobbyEvent; readonly after: LobbyState }): void {
    const before = this.snap.lobby;
    this.log.push(event);
    let { lastFight, lastMove, feed } = this.snap;
    if (event.kind === 'game-action') {
      const view = describeAction(event.seq, before.game, after.game, event.payload, event.seed);
      lastFight = view.fight ?? lastFight;
      lastMove = view.move ?? lastMove;
      if (view.news.length > 0) feed = [...feed, ...view.news].slice(-FEED_LENGTH);
      this.gateUntil = this.now() + this.delayAfter(event, before, after);
      this.steps.add({ event, before: before.game, after: after.game });
    } else {
      const news = personFeedEntry(event, after, before);
      if (news) feed = [...feed, news].slice(-FEED_LENGTH);
    }
    this.snap = this.derive(after, lastFight, lastMove, feed);
  }

  /** How long to wait after a game action: the bots' pace while bots play, nothing for people. */
  private delayAfter(
    event: Extract<LobbyEvent, { kind: 'game-action' }>,
    before: LobbyState,
    after: LobbyState,
  ): number {
    const pace = this.options.pace();
    // A bot's move, or one the server's bot made for an away person (PROTOCOL §4.8).
    const byBot = after.players.some((p) => p.id === event.actor && p.bot) || this.botTurnOf(before) !== null;
    if (byBot) return event.payload.id === 'next_turn' ? pace.turn : pace.action;
    // A person passed to a bot: let the bot bar show before its first move.
    return this.botTurnOf(after) !== null ? pace.action : 0;
  }

  /** The country whose turn a bot plays: a bot's seat, or an away person's (PROTOCOL §4.8). */
  private botTurnOf(lobby: LobbyState): PlayableCountry | null {
    const country = whoseTurn(lobby.game);
    if (country === null || isGameOver(lobby.game) || !lobby.game.running || isPaused(lobby)) return null;
    const seat = playerOfCountry(lobby, country);
    return seat?.bot || seat?.away !== undefined ? country : null;
  }

  private derive(
    lobby: LobbyState,
    lastFight: SessionSnapshot['lastFight'],
    lastMove: SessionSnapshot['lastMove'],
    feed: SessionSnapshot['feed'],
  ): SessionSnapshot {
    return {
      events: this.log,
      base: this.logBase,
      lobby,
      lastFight,
      lastMove,
      feed,
      botTurn: this.botTurnOf(lobby),
      active: this.activeOf(lobby),
      outcome: this.outcomeOf(lobby),
      shown: null,
    };
  }

  /** This device acts only for its own countries, on their turn, once it has caught up. */
  private activeOf(lobby: LobbyState): PlayableCountry | null {
    if (this.queue.length > 0) return null;
    const country = whoseTurn(lobby.game);
    if (country === null || !lobby.game.running || isGameOver(lobby.game)) return null;
    const seat = playerOfCountry(lobby, country);
    // An away person's country is the server's bot's until they are back.
    return seat?.away === undefined && controlledHere(seat, this.options.playerId) ? country : null;
  }

  /** ARCHITECTURE §7.3 player status: one country left, or every country this device plays is gone. */
  private outcomeOf(lobby: LobbyState): 'win' | 'lost' | null {
    const game = lobby.game;
    if (!game.running) return null;
    const mine = lobby.players.filter((p) => controlledHere(p, this.options.playerId)).map((p) => p.country);
    // A spectator (a seat without a colour) neither wins nor loses.
    if (mine.every((c) => c === -1)) return null;
    if (isGameOver(game)) {
      const w = winner(game);
      return w !== null && mine.includes(w) ? 'win' : 'lost';
    }
    return game.countries.some((c) => mine.includes(c.id)) ? null : 'lost';
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private emit(): void {
    this.snap = this.steps.publish(this.snap);
    for (const l of [...this.listeners]) l();
  }
}
