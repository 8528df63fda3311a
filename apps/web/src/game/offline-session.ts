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
import { inThreadPlanner, type BotPlanner, type BotRequest } from './bot-planner';
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
  /** Where bot turns are planned (default: in this thread; the app passes the page's worker). */
  readonly planner?: BotPlanner;
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
  private paused = false;
  /** Set while "skip" plays the bots at once; cleared at a person's turn or the end. */
  private skipping = false;
  /** The number of the bot plan being waited for (a worker's answer), else null. */
  private thinking: number | null = null;
  private plans = 0;
  private readonly planner: BotPlanner;
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
    this.planner = options.planner ?? inThreadPlanner;
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
    this.paused = false;
    // The worker starts while the person plays, so the first bot turn does not wait on it.
    if (this.snap.lobby.players.some((p) => p.bot)) this.planner.warm?.();
    this.pump();
  }

  /** Stops the bots where they are (the game screen is not shown); `resume` carries on. */
  pause(): void {
    this.paused = true;
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

  /**
   * Plays every pending bot action and turn at once, up to the next person's turn or the end. Turns
   * planned in this thread all play now; with a worker, each turn plays as soon as it is planned.
   */
  skipBots(): void {
    this.clearTimer();
    this.paused = false;
    this.skipping = true;
    if (this.thinking === null) this.skipOn();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  // --- bots -------------------------------------------------------------------------------------

  /** The turn to plan when a bot is to move; null when it is not a bot's turn (or the game is over). */
  private botRequest(): BotRequest | null {
    const game = this.snap.lobby.game;
    const country = whoseTurn(game);
    if (country === null || isGameOver(game)) return null;
    const player = playerOfCountry(this.snap.lobby, country);
    if (!player?.bot) return null;
    return { game, country, difficulty: player.bot.difficulty, seed: this.seed() };
  }

  /** One paced step: plan the turn of the bot to move, or apply the next action of the current one. */
  private pump(): void {
    this.clearTimer();
    if (this.disposed || this.paused || this.thinking !== null) return;
    if (this.skipping) {
      this.skipOn();
      return;
    }
    if (this.queue.length === 0) {
      this.think();
      return;
    }
    let delay = this.applyQueued();
    // With no pause, play the rest of the turn now and let the page breathe between turns.
    while (delay === 0 && this.queue.length > 0) delay = this.applyQueued();
    this.emit();
    this.later(delay);
  }

  /** Plans the turn of the bot to move; its first action follows after the pace's pause (thinking counts). */
  private think(): void {
    const request = this.botRequest();
    if (request === null) {
      this.botsDone();
      return;
    }
    const started = performance.now();
    this.snap = { ...this.snap, botTurn: request.country };
    const planned = (actions: SeededAction[], thought: number) => {
      if (!this.queuePlan(actions)) return;
      this.emit();
      if (this.skipping) this.skipOn();
      else if (!this.paused) this.later(Math.max(0, this.pace().action - thought));
    };
    const result = this.planner.plan(request);
    if (Array.isArray(result)) {
      planned(result, 0);
      return;
    }
    this.emit();
    this.await(result, (actions) => planned(actions, performance.now() - started));
  }

  /** Applies bot turns with no pause until a person is to move, the game ends, or a plan must be awaited. */
  private skipOn(): void {
    let turns = 0;
    while (!this.disposed && turns < SKIP_TURN_CAP) {
      while (this.queue.length > 0) this.applyQueued();
      const request = this.botRequest();
      if (request === null) break;
      const result = this.planner.plan(request);
      if (!Array.isArray(result)) {
        this.snap = { ...this.snap, botTurn: request.country };
        this.emit();
        this.await(result, (actions) => {
          if (this.queuePlan(actions)) this.skipOn();
        });
        return;
      }
      if (!this.queuePlan(result)) return;
      turns++;
    }
    this.skipping = false;
    if (turns >= SKIP_TURN_CAP) {
      this.emit();
      this.pump();
      return;
    }
    this.botsDone(true);
  }

  /** Waits for a plan from the worker; the answer is dropped if the session was disposed meanwhile. */
  private await(result: Promise<SeededAction[]>, then: (actions: SeededAction[]) => void): void {
    const plan = ++this.plans;
    this.thinking = plan;
    void result.then((actions) => {
      if (this.thinking !== plan || this.disposed) return;
      this.thinking = null;
      then(actions);
    });
  }

  /** Queues a planned turn; an empty plan (nothing the bot may do) ends the bots' run. */
  private queuePlan(actions: SeededAction[]): boolean {
    this.queue = actions;
    if (actions.length > 0) return true;
    this.skipping = false;
    this.botsDone();
    return false;
  }

  /** No bot is to move: the bar that says a bot is playing goes away (`show`: publish even if it was not up). */
  private botsDone(show = false): void {
    this.skipping = false;
    if (this.snap.botTurn === null && !show) return;
    this.snap = { ...this.snap, botTurn: null };
    this.emit();
  }

  private applyQueued(): number {
    const next = this.queue.shift()!;
    const country = whoseTurn(this.snap.lobby.game);
    const actor = (country !== null && playerOfCountry(this.snap.lobby, country)?.id) || 'bot';
    this.append(actor, next.action, next.seed);
    return next.action.id === 'next_turn' ? this.pace().turn : this.pace().action;
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
