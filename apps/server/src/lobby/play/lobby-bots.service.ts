/**
 * The bots (RULES §6, ARCHITECTURE §5.6): when a turn passes to a bot, the server plays
 * the bot's turn and logs each of its actions as its own event, with the action's seed (and the bot's
 * bonus on attacks), so a replay never runs bot code.
 *
 * Bots never run unattended: they play only while at least one person seated in the lobby is connected
 * (after a restart they wait for one to come back), and their turns are paced like the offline "normal"
 * speed — a turn waits `actionMs` per action of the bot's previous turn plus `turnMs` — so people can
 * follow them and a lobby's write rate stays bounded.
 *
 * An away person's country is played the same way by a bot of the lobby's `botLevel`, its actions logged
 * with the server as actor (PROTOCOL §4.8); when every person is away (paused) no bot plays at all.
 *
 * Several nodes: a node plays a lobby's bots while a person of the lobby is connected to it; when people
 * sit on several nodes each may try, the optimistic append lets exactly one turn land and the others stand down.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  SERVER_ACTOR,
  isGameOver,
  isPaused,
  botTurn,
  playerOfCountry,
  whoseTurn,
  type Difficulty,
  type LobbyState,
  type Player,
} from '@four-banners/engine';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { newSeed } from '../../common/ids.js';
import { RetryBackoff } from '../../common/retry-backoff.js';
import { ServerStopping } from '../../common/server-stopping.js';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { LobbyHub } from '../core/lobby.hub.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { Draft, LobbyStore } from '../core/lobby.store.js';

/** Who plays a turn on the server: a bot seat, or a bot for an away person (a takeover). */
interface BotMover {
  readonly country: Player['country'];
  readonly difficulty: Difficulty;
  /** The actor of its actions: the bot seat, or the server for an away person (their run of timeouts stays). */
  readonly actor: string;
  readonly takeover: boolean;
}

/** How many times a wake whose lookup failed is tried (about a minute with the back-off's 8 s cap). */
const WAKE_TRIES = 10;

@Injectable()
export class LobbyBots implements OnModuleDestroy {
  /** Lobbies with a bot turn scheduled. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** lobbyId → the earliest time (ms) its next bot turn may be played. */
  private readonly notBefore = new Map<string, number>();
  /** Lobbies whose last bot turn failed, and how long the next try waits. */
  private readonly retries: RetryBackoff;
  private closing = false;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(ClusterBus) bus: ClusterBus,
  ) {
    this.retries = new RetryBackoff('bot_turn', metrics);
    bus.on('lobby-changed', (lobbyId) => this.schedule(lobbyId));
    // A person coming back wakes the bots of their lobby.
    bus.on('presence-changed', (playerId, online) => {
      if (online) this.wake(playerId);
    });
  }

  /**
   * Wakes the bots of `playerId`'s lobby. Finding the lobby may fail while the storage is away: it is tried
   * again with back-off (ARCHITECTURE §5.10), `WAKE_TRIES` times at most, so a person who came back during an
   * outage does not find their lobby's bots asleep once it is over.
   */
  private wake(playerId: string): void {
    const key = `wake:${playerId}`;
    this.retries.retrying(key);
    this.cache.seatOf(playerId).then(
      (state) => {
        this.retries.succeeded(key);
        if (state) this.schedule(state.lobbyId);
      },
      (e: unknown) => {
        const retryInMs = this.retries.failed(key);
        const giveUp = this.closing || this.retries.failuresOf(key) >= WAKE_TRIES;
        this.logger.warn('bot-wake-failed', {
          player: playerId,
          retryInMs: giveUp ? null : retryInMs,
          error: String(e),
        });
        if (giveUp) this.retries.forget(key);
        else setTimeout(() => this.wake(playerId), retryInMs).unref();
      },
    );
  }

  onModuleDestroy(): void {
    this.closing = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Who is to move in `state` on the server, if a bot (or a bot for an away person) in a game that goes on. */
  botToMove(state: LobbyState | undefined): BotMover | undefined {
    if (!state || !state.online || isGameOver(state.game) || isPaused(state)) return undefined;
    const country = whoseTurn(state.game);
    if (country === null) return undefined;
    const seat = playerOfCountry(state, country);
    if (seat?.bot) return { country, difficulty: seat.bot.difficulty, actor: seat.id, takeover: false };
    if (seat?.away !== undefined && isHuman(seat))
      return { country, difficulty: state.settings.botLevel, actor: SERVER_ACTOR, takeover: true };
    return undefined;
  }

  /** Whether a person seated in the lobby is connected (bots play only for them). */
  attended(state: LobbyState): boolean {
    return state.players.some((p) => isHuman(p) && this.hub.isOnline(p.id));
  }

  /** Whether a bot turn is waiting to be played in the lobby. */
  scheduled(lobbyId: string): boolean {
    return this.timers.has(lobbyId);
  }

  /**
   * Plans the lobby's next bot turn, if one is due and attended: after `turnMs` (and the pace of the bot's
   * previous turn), or after `retryMs` when the last try failed (its storage or Redis away), so the game
   * goes on by itself once they are back (ARCHITECTURE §5.10).
   */
  private schedule(lobbyId: string, retryMs?: number): void {
    if (this.closing || this.timers.has(lobbyId)) return;
    const state = this.cache.cached(lobbyId);
    if (!state?.online) {
      this.notBefore.delete(lobbyId);
      this.retries.forget(lobbyId);
    }
    if (!state || !this.botToMove(state) || !this.attended(state)) return;
    const now = performance.now();
    const at =
      retryMs === undefined ? Math.max(now + this.config.bots.turnMs, this.notBefore.get(lobbyId) ?? 0) : now + retryMs;
    const timer = setTimeout(() => {
      this.timers.delete(lobbyId);
      if (this.closing) return;
      this.retries.retrying(lobbyId);
      // Several nodes may hold the lobby and schedule the same bot turn: one append lands. A node that lost
      // the race (its retry sees a newer state) stands down quietly; what it folded schedules what is next.
      let decidedAt: number | undefined;
      this.store
        .inLobby(lobbyId, async (state) => {
          if (decidedAt !== undefined && state?.seq !== decidedAt) return;
          decidedAt = state?.seq ?? -1;
          await this.playTurn(state);
        })
        .then(
          () => this.retries.succeeded(lobbyId),
          (e: unknown) => {
            if (e instanceof ServerStopping || this.closing) return;
            const wait = this.retries.failed(lobbyId);
            this.logger.error('bot-failed', {
              lobby: lobbyId,
              retryInMs: wait,
              error: e instanceof Error ? e.stack : String(e),
            });
            this.schedule(lobbyId, wait);
          },
        );
    }, at - now);
    this.timers.set(lobbyId, timer);
  }

  /**
   * Plays one bot turn on the lobby's current state (its lock held) if still due and attended; its commit
   * schedules the next bot, if any. Decided again on the new state if another node appended first, so one
   * bot turn lands, whichever node plays it.
   */
  private async playTurn(state: LobbyState | undefined): Promise<void> {
    const bot = this.botToMove(state);
    if (!state || !bot || bot.country === -1) {
      if (state) this.notBefore.delete(state.lobbyId);
      return;
    }
    const lobbyId = state.lobbyId;
    // Nobody is watching any more: the bots pause until a person of the lobby connects.
    if (!this.attended(state)) return;
    // The expert's search is bounded per turn (BOT_SEARCH_NODES, BOT_SEARCH_MS), so no lobby's bots can
    // hold the event loop from the others for long.
    const { searchNodes, searchMs } = this.config.bots;
    const started = performance.now();
    const { actions, nodes, complete } = botTurn(state.game, bot.country, bot.difficulty, newSeed(), {
      nodeBudget: searchNodes,
      timeCapMs: searchMs,
      clock: () => performance.now(),
      standIn: bot.takeover,
    });
    this.metrics.botThought(bot.difficulty, (performance.now() - started) / 1000, nodes, complete);
    if (actions.length === 0) return;
    if (bot.takeover) this.metrics.takeoverTurn();
    else this.metrics.botTurn();
    this.notBefore.set(
      lobbyId,
      performance.now() + actions.length * this.config.bots.actionMs + this.config.bots.turnMs,
    );
    const draft = new Draft(state, new Date().toISOString());
    for (const { action, seed } of actions) draft.add({ kind: 'game-action', actor: bot.actor, seed, payload: action });
    await this.store.commit(draft, {});
  }
}
