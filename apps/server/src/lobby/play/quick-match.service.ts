/**
 * Quick match (PROTOCOL §4.7): `client-quick-match` seats a person in the oldest waiting quick-match lobby
 * for as many people (and that map size, unless any), found in the database so every node sees the same
 * queue, or opens one. The join that fills it starts the game; `QUICK_MATCH_WAIT_SECONDS` after the lobby
 * opened, two people or more are enough (bots take the empty seats); one person alone waits on, or asks
 * `client-quick-start` to play the bots now.
 *
 * On one node, quick match decisions for the same number of seats run one at a time, so people pressing
 * together end in one lobby; two nodes may each open one at the same moment (both then fill in turn).
 * Every node holding a waiting quick lobby keeps a timer for its wait and decides in the lobby's lock: the
 * optimistic append lets exactly one start land.
 */
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type Player, type QuickSeats, isGameOver } from '@four-banners/engine';
import type { Ack, QuickSize } from '@four-banners/protocol';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { KeyedLock } from '../../common/keyed-lock.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { RetryBackoff } from '../../common/retry-backoff.js';
import { ServerStopping } from '../../common/server-stopping.js';
import { LimitsService, REFUSAL_MESSAGES } from '../../limits/limits.service.js';
import { LobbyLogRepository } from '../../storage/lobby-log.repository.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { LobbyHub } from '../core/lobby.hub.js';
import { LobbyService } from './lobby.service.js';
import { Draft, LobbyStore } from '../core/lobby.store.js';
import { fillAndStart, peopleIn, waitingQuick } from './quick-seating.js';
import { done, fail } from '../core/requests.js';

/** How many waiting lobbies one quick match request tries before it opens its own. */
const CANDIDATES = 5;
/** Refusals of a join that mean "that lobby filled or started meanwhile": the next one is tried. */
const GONE: ReadonlySet<string> = new Set(['lobby_full', 'game_running', 'game_over', 'not_found', 'not_actable']);
/** The map side of a quick match opened for "any size". */
const DEFAULT_SIZE = 10;

@Injectable()
export class QuickMatchService implements OnApplicationBootstrap, OnModuleDestroy {
  /** One quick match decision at a time per number of seats, on this node. */
  private readonly deciding = new KeyedLock();
  /** Waiting quick lobbies held here → the timer of their wait. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Waiting quick lobbies → their people who asked here → when (ms, performance clock), until the start. */
  private readonly asked = new Map<string, Map<string, number>>();
  /** Waiting lobbies whose start failed, and how long its next try waits. */
  private readonly retries: RetryBackoff;
  private closing = false;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyService) private readonly lobbies: LobbyService,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(ClusterBus) bus: ClusterBus,
  ) {
    this.retries = new RetryBackoff('quick_start', metrics);
    bus.on('lobby-changed', (lobbyId) => this.changed(lobbyId));
    metrics.gauge(
      'fb_quick_match_waiting',
      'People seated in waiting quick-match lobbies held on this node (the quick match queue).',
      () => this.queueLength(),
    );
  }

  onApplicationBootstrap(): void {
    // Waiting quick lobbies restored at start get their timers.
    for (const lobbyId of this.store.held()) this.changed(lobbyId);
  }

  onModuleDestroy(): void {
    this.closing = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** `client-quick-match`: a seat in a waiting quick match for `seats` people, or a new one. */
  async quickMatch(
    caller: string,
    address: string,
    p: { playerName: string; seats: QuickSeats; size: QuickSize | null },
  ): Promise<Ack> {
    if (!(await this.limits.allowAddress('quick_match_per_address', address)))
      return fail('rate_limited', REFUSAL_MESSAGES.quick_match_per_address);
    // A finished game is left first, as for create and join.
    if (await this.lobbies.currentSeat(caller))
      return fail('not_actable', 'You are already in a lobby: leave it first.');
    const asked = performance.now();
    const ack = await this.deciding.run(String(p.seats), async () => {
      const rows = await this.log.openLobbies({ quickSeats: p.seats, w: p.size, limit: CANDIDATES });
      for (const row of rows) {
        if (await this.deserted(row.players)) continue;
        const joined = await this.lobbies.joinLobby(caller, { lobbyId: row.id, playerName: p.playerName });
        if (joined.ok || !GONE.has(joined.error.code)) return joined;
      }
      const startBy = new Date(Date.now() + this.config.quickMatchWaitMs).toISOString();
      return this.lobbies.openQuickLobby(caller, p.playerName, p.size ?? DEFAULT_SIZE, { seats: p.seats, startBy });
    });
    if (!ack.ok) return ack;
    const state = await this.cache.seatOf(caller);
    if (state && waitingQuick(state)) {
      const waiting = this.asked.get(state.lobbyId) ?? new Map<string, number>();
      this.asked.set(state.lobbyId, waiting.set(caller, asked));
    } else if (state?.game.running) this.metrics.quickMatched((performance.now() - asked) / 1000);
    return ack;
  }

  /** `client-quick-start`: a person of a waiting quick match fills it with bots and starts now. */
  quickStart(caller: string): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (!state.settings.quick) return fail('not_actable', 'This is not a quick match.');
      if (isGameOver(state.game)) return fail('game_over', 'The game is over.');
      if (state.game.running) return fail('game_running', 'The game has already started.');
      return this.start(state) ?? fail('not_actable', 'The game cannot start.');
    });
  }

  /**
   * Whether nobody seated in a waiting lobby (its row's seats) is connected anywhere: a queue of people who
   * went away is skipped (the idle close ends it). Unknown (another node did not answer): not deserted.
   */
  private async deserted(players: string): Promise<boolean> {
    const people = (JSON.parse(players) as Player[]).filter(isHuman).map((p) => p.id);
    const online = await this.hub.onlineAnywhere(people);
    return online !== null && online.size === 0;
  }

  /** Fills and starts a waiting quick lobby (its lock held); undefined when the start is not actable. */
  private start(state: Parameters<typeof fillAndStart>[0]['current']): Promise<Ack> | undefined {
    const draft = new Draft(state, new Date().toISOString());
    if (!fillAndStart(draft)) return undefined;
    const bots = draft.current.players.length > state.players.length;
    return this.store.commit(draft, {}).then((seq) => {
      this.metrics.quickMatchStarted(bots ? 'bots' : 'full');
      return done(seq);
    });
  }

  /** A lobby held here changed: its wait's timer follows its state, and a start ends its people's waits. */
  private changed(lobbyId: string): void {
    const state = this.cache.cached(lobbyId);
    const waiting = this.asked.get(lobbyId);
    if (!waitingQuick(state)) {
      this.stopTimer(lobbyId);
      this.asked.delete(lobbyId);
      this.retries.forget(lobbyId);
      if (!state?.game.running || !waiting) return;
      for (const seat of state.players) {
        const asked = waiting.get(seat.id);
        if (asked !== undefined) this.metrics.quickMatched((performance.now() - asked) / 1000);
      }
      return;
    }
    // Who left the queue is no longer timed.
    for (const playerId of waiting?.keys() ?? [])
      if (!state.players.some((seat) => seat.id === playerId)) waiting!.delete(playerId);
    this.planStart(lobbyId, Math.max(0, Date.parse(state.settings.quick.startBy) - Date.now()));
  }

  /**
   * The wait's end: two people or more start with bots in the empty seats. A start that failed (storage
   * away) is tried again with back-off (ARCHITECTURE §5.10) until it lands or the lobby stops waiting.
   */
  private planStart(lobbyId: string, wait: number): void {
    if (this.closing || this.timers.has(lobbyId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(lobbyId);
      if (this.closing) return;
      this.retries.retrying(lobbyId);
      this.store
        .inLobby(lobbyId, async (current) => {
          // One person alone waits on (PROTOCOL §4.7); two or more are enough once the wait is over.
          if (!waitingQuick(current) || peopleIn(current) < 2) return;
          await this.start(current);
        })
        .then(
          () => this.retries.succeeded(lobbyId),
          (e: unknown) => {
            if (e instanceof ServerStopping || this.closing) return;
            const retryInMs = this.retries.failed(lobbyId);
            this.logger.error('quick-start-failed', {
              lobby: lobbyId,
              retryInMs,
              error: e instanceof Error ? e.stack : String(e),
            });
            if (waitingQuick(this.cache.cached(lobbyId))) this.planStart(lobbyId, retryInMs);
          },
        );
    }, wait);
    timer.unref();
    this.timers.set(lobbyId, timer);
  }

  private stopTimer(lobbyId: string): void {
    const timer = this.timers.get(lobbyId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(lobbyId);
  }

  /** People seated in the waiting quick lobbies this node holds. */
  private queueLength(): number {
    let n = 0;
    for (const [, state] of this.cache.openLobbies())
      if (waitingQuick(state)) n += state.players.filter(isHuman).length;
    return n;
  }
}
