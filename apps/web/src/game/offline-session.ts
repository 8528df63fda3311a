/**
 * One offline game: the log, its fold, and the bots that play between the people's turns
 * (ARCHITECTURE §7.5). People's actions and bots' actions are appended to the log as
 * game-action events; the state shown is always the fold of the log, never patched by hand.
 */
import {
  actable,
  applyEvent,
  fold,
  isGameOver,
  playBotTurn,
  playerOfCountry,
  whoseTurn,
  winner,
  type GameAction,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
  type SeededAction,
} from '@four-banners/engine';
import { describeAction, type FightView, type MoveView } from './action-view';
import { FEED_LENGTH } from './feed';
import { gameActionEvent, randomSeed, stamp } from './offline-log';
import { DEVICE_PLAYER_ID, controlledHere } from './seats';
import { ShownSteps, type GameSession, type Pace, type SessionSnapshot } from './session';

export type { FightView, MoveView } from './action-view';
export type { Pace, SessionSnapshot } from './session';

export interface SessionOptions {
  readonly deviceId?: string;
  readonly pace?: () => Pace;
  readonly seed?: () => number;
  readonly now?: () => Date;
  /** The id of the save this session was loaded from or last saved to. */
  readonly saveId?: string | null;
  readonly name?: string;
}

/** What a fresh session refuses to load. */
export class SessionLoadError extends Error {}

/** The longest run of bot turns one skip plays at once (a bots-only game could run long). */
const SKIP_TURN_CAP = 4000;

export class OfflineSession implements GameSession {
  private snap: SessionSnapshot;
  private readonly log: LobbyEvent[];
  private readonly listeners = new Set<() => void>();
  private queue: SeededAction[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly deviceId: string;
  private readonly pace: () => Pace;
  private readonly seed: () => number;
  private readonly now: () => Date;
  private readonly steps: ShownSteps;
  saveId: string | null;
  name: string;
  readonly online = false;

  constructor(events: readonly LobbyEvent[], options: SessionOptions = {}) {
    const folded = fold(events);
    if (!folded.ok) throw new SessionLoadError(folded.error.message);
    this.deviceId = options.deviceId ?? DEVICE_PLAYER_ID;
    this.pace = options.pace ?? (() => ({ action: 400, turn: 350 }));
    this.seed = options.seed ?? randomSeed;
    this.now = options.now ?? (() => new Date());
    this.saveId = options.saveId ?? null;
    this.name = options.name ?? '';
    // The log only grows: it is kept in one array that is appended to (no copy per action).
    this.log = [...events];
    this.snap = this.derive(this.log, folded.value, null, null, null);
    this.steps = new ShownSteps(this.snap);
  }

  get playerId(): string {
    return this.deviceId;
  }

  get snapshot(): SessionSnapshot {
    return this.snap;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.snap;

  /** Starts the bots if a bot is to move (a new game whose first seat is a bot, a loaded save). */
  resume(): void {
    this.pump();
  }

  /** Stops the bots where they are (the game screen is not shown); `resume` carries on. */
  pause(): void {
    this.clearTimer();
  }

  /** Applies a person's action for the active country; false (and nothing changes) when not actable. */
  act(action: GameAction): boolean {
    const active = this.snap.active;
    if (active === null || this.snap.botTurn !== null) return false;
    if (!('country' in action.info) || action.info.country !== active) return false;
    if (action.id !== 'place_banner' && action.id !== 'move_unit' && action.id !== 'next_turn') return false;
    if (!actable(this.snap.lobby.game, action).ok) return false;
    const actor = playerOfCountry(this.snap.lobby, active)?.id ?? this.deviceId;
    this.append(actor, action, this.seed());
    this.emit();
    if (action.id === 'next_turn') this.pump();
    return true;
  }

  /** Passes the active country's turn (ARCHITECTURE §7.5); the following bot turns then play by themselves. */
  passTurn(): boolean {
    const active = this.snap.active;
    return active !== null && this.act({ id: 'next_turn', info: { country: active } });
  }

  /** Plays every pending bot action and turn at once, up to the next person's turn or the end. */
  skipBots(): void {
    this.clearTimer();
    let turns = 0;
    while (!this.disposed && turns < SKIP_TURN_CAP) {
      if (this.queue.length === 0 && !this.planBotTurn()) break;
      while (this.queue.length > 0) this.applyQueued();
      turns++;
    }
    this.snap = { ...this.snap, botTurn: null };
    this.emit();
    if (turns >= SKIP_TURN_CAP) this.pump();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  // --- bots -------------------------------------------------------------------------------------

  /** Queues the turn of the bot to move; false when it is not a bot's turn (or the game is over). */
  private planBotTurn(): boolean {
    const game = this.snap.lobby.game;
    const country = whoseTurn(game);
    if (country === null || isGameOver(game)) return false;
    const player = playerOfCountry(this.snap.lobby, country);
    if (!player?.bot) return false;
    this.queue = playBotTurn(game, country, player.bot.difficulty, this.seed());
    if (this.queue.length === 0) return false;
    this.snap = { ...this.snap, botTurn: country };
    return true;
  }

  private applyQueued(): number {
    const next = this.queue.shift()!;
    const country = whoseTurn(this.snap.lobby.game);
    const actor = (country !== null && playerOfCountry(this.snap.lobby, country)?.id) || 'bot';
    this.append(actor, next.action, next.seed);
    return next.action.id === 'next_turn' ? this.pace().turn : this.pace().action;
  }

  /** One paced step: start a bot turn, or apply the next action of the current one. */
  private pump(): void {
    this.clearTimer();
    if (this.disposed) return;
    if (this.queue.length === 0) {
      if (!this.planBotTurn()) {
        if (this.snap.botTurn !== null) {
          this.snap = { ...this.snap, botTurn: null };
          this.emit();
        }
        return;
      }
      this.emit();
      this.later(this.pace().action);
      return;
    }
    let delay = this.applyQueued();
    // With no pause, play the rest of the turn now and let the page breathe between turns.
    while (delay === 0 && this.queue.length > 0) delay = this.applyQueued();
    this.emit();
    this.later(delay);
  }

  private later(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  // --- the log ----------------------------------------------------------------------------------

  private append(actor: string, action: GameAction, seed: number): void {
    const before = this.snap.lobby;
    const event = stamp(this.log, gameActionEvent(actor, action, seed), this.now());
    const next = applyEvent(before, event);
    // Only checked actions reach here, so a refusal is a bug.
    if (!next.ok) throw new Error(`offline log refused its own event: ${next.error.message}`);
    const view = describeAction(event.seq, before.game, next.value.game, action, seed);
    const lastFight = view.fight ?? this.snap.lastFight;
    const lastMove = view.move ?? this.snap.lastMove;
    const news = view.news;
    const feed = news.length > 0 ? [...this.snap.feed, ...news].slice(-FEED_LENGTH) : this.snap.feed;
    this.log.push(event);
    if (event.kind === 'game-action') this.steps.add({ event, before: before.game, after: next.value.game });
    this.snap = { ...this.derive(this.log, next.value, lastFight, lastMove, this.snap.botTurn), feed };
  }

  private derive(
    events: readonly LobbyEvent[],
    lobby: LobbyState,
    lastFight: FightView | null,
    lastMove: MoveView | null,
    botTurn: PlayableCountry | null,
  ): SessionSnapshot {
    return {
      events,
      base: null,
      lobby,
      lastFight,
      lastMove,
      botTurn,
      feed: [],
      active: this.activeOf(lobby),
      outcome: this.outcomeOf(lobby),
      shown: null,
    };
  }

  /**
   * ARCHITECTURE §7.5: the local country is active only when the country to move belongs to a person this
   * device controls (and the game is not over).
   */
  private activeOf(lobby: LobbyState): PlayableCountry | null {
    const country = whoseTurn(lobby.game);
    if (country === null || isGameOver(lobby.game)) return null;
    return controlledHere(playerOfCountry(lobby, country), this.deviceId) ? country : null;
  }

  /** ARCHITECTURE §7.3 player status: one country left, or every country this device plays is gone. */
  private outcomeOf(lobby: LobbyState): 'win' | 'lost' | null {
    const game = lobby.game;
    if (!game.running) return null;
    const mine = lobby.players.filter((p) => controlledHere(p, this.deviceId)).map((p) => p.country);
    if (isGameOver(game)) {
      const w = winner(game);
      return w !== null && mine.includes(w) ? 'win' : 'lost';
    }
    if (mine.length === 0) return null;
    return game.countries.some((c) => mine.includes(c.id)) ? null : 'lost';
  }

  private emit(): void {
    this.snap = this.steps.publish(this.snap);
    for (const l of [...this.listeners]) l();
  }
}
