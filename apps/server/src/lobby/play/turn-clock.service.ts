/**
 * Turn clocks and absent players (PROTOCOL §4.8). For each lobby this node holds and a person of it is
 * connected to, one timer waits for the earliest of: the current turn's clock running out
 * (`turnDeadline`, from the logged `at` that began the turn, so a restart keeps the deadline), and the
 * person to move having been offline through `awayGraceMs` (counted from the later of the turn's start and
 * when this node saw them go offline: on several nodes, a person connected to another node is found offline
 * by a periodic sweep that asks the other nodes about them all at once). When it fires, the decision is taken again on the lobby's current
 * state with its lock held: a node that lost the append race finds the turn passed and stands down, so one
 * timeout (or away, or back) lands per occasion, whichever node decides it. To race less, a node the person
 * to move is not connected to decides a clock `PEER_FALLBACK_MS` after the deadline (a fallback).
 *
 * Away people are back when a connection of theirs opens (on this node: the node they connect to holds
 * their lobby) or when they ask (`client-back`). Nothing is decided while the game is paused (every person
 * away) or nobody of the lobby is connected here.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { isGameOver, isPaused, turnDeadline, type LobbyState } from '@four-banners/engine';
import type { Ack } from '@four-banners/protocol';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { RetryBackoff } from '../../common/retry-backoff.js';
import { addAway, addTimeout, personToMove } from './away.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { LobbyHub } from '../core/lobby.hub.js';
import { Draft, LobbyStore, ServerStopping } from '../core/lobby.store.js';
import { done, fail } from '../core/requests.js';

/** How long a lobby's decisions wait after one failed (a stopping server, storage away). */

/** Several nodes: how long after a deadline a node the person to move is not connected to decides it. */
const PEER_FALLBACK_MS = 500;

/** Several nodes: how often the people to move connected elsewhere are asked about (half the grace, within these). */
const SWEEP_MIN_MS = 100;
const SWEEP_MAX_MS = 10_000;
/** People asked about in one question to the other nodes. */
const SWEEP_BATCH = 200;

/** What a lobby's timer waits for. */
interface Planned {
  readonly at: number;
  readonly timer: NodeJS.Timeout;
}

@Injectable()
export class TurnClock implements OnModuleInit, OnModuleDestroy {
  /** lobbyId → its one timer. */
  private readonly timers = new Map<string, Planned>();
  /** Running lobby → its people → when this node first knew them offline (ms epoch). */
  private readonly offline = new Map<string, Map<string, number>>();
  /**
   * playerId → the running lobby they sit in, for people connected here (the seat cache forgets people
   * as they go offline, when this is needed).
   */
  private readonly lobbyOf = new Map<string, string>();
  /** lobbyId → no decision before this time (ms epoch): the last one failed (storage away), so no busy retry. */
  private readonly failedUntil = new Map<string, number>();
  /** How long the next decision waits after failures in a row (ARCHITECTURE §5.10). */
  private readonly retries: RetryBackoff;
  private closing = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
  ) {
    this.retries = new RetryBackoff('turn_clock', metrics);
    metrics.gauge('fb_turn_clock_timers', 'Lobbies with a turn clock or away timer scheduled on this node.', () => {
      return this.timers.size;
    });
    bus.on('lobby-changed', (lobbyId) => this.plan(lobbyId));
    bus.on('presence-changed', (playerId, online) => {
      if (online) {
        this.cameBack(playerId);
        return;
      }
      const lobbyId = this.lobbyOf.get(playerId);
      this.lobbyOf.delete(playerId);
      if (!lobbyId) return;
      this.offlineOf(lobbyId).set(playerId, Date.now());
      this.plan(lobbyId);
    });
  }

  /** Several nodes: people to move who are connected to none of this node's sockets are asked about in one batch. */
  onModuleInit(): void {
    if (!this.bus.peers) return;
    const every = Math.min(SWEEP_MAX_MS, Math.max(SWEEP_MIN_MS, this.config.awayGraceMs / 2));
    this.sweepTimer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = true;
      this.sweep()
        .catch((e: unknown) => this.logger.error('away-sweep-failed', { error: String(e) }))
        .finally(() => (this.sweeping = false));
    }, every).unref();
  }

  onModuleDestroy(): void {
    this.closing = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Lobbies with a timer waiting (tests, the bench). */
  get scheduled(): number {
    return this.timers.size;
  }

  /** `client-back`: the caller, away, takes their country back from its next turn. */
  back(caller: string): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (state.players.find((p) => p.id === caller)?.away === undefined) return done();
      const draft = new Draft(state, new Date().toISOString());
      draft.add({ kind: 'player-back', actor: caller, seed: null, payload: { playerId: caller } });
      const seq = await this.store.commit(draft, {});
      this.metrics.playerBack();
      return done(seq);
    });
  }

  /** A connection of `playerId` opened here: if they are away, they are back. */
  private cameBack(playerId: string): void {
    this.cache
      .seatOf(playerId)
      .then(async (seen) => {
        if (!seen) return;
        this.offline.get(seen.lobbyId)?.delete(playerId);
        this.plan(seen.lobbyId);
        if (seen.players.find((p) => p.id === playerId)?.away === undefined) return;
        await this.store.inLobby(seen.lobbyId, async (state) => {
          if (!state || state.players.find((p) => p.id === playerId)?.away === undefined) return;
          if (!this.hub.isOnline(playerId)) return;
          const draft = new Draft(state, new Date().toISOString());
          draft.add({ kind: 'player-back', actor: 'server', seed: null, payload: { playerId } });
          await this.store.commit(draft, {});
          this.metrics.playerBack();
        });
      })
      .catch((e: unknown) => this.logger.error('player-back-failed', { player: playerId, error: String(e) }));
  }

  /** Whether a person seated in the lobby is connected to this node (the node that decides for it). */
  private attended(state: LobbyState): boolean {
    return state.players.some((p) => isHuman(p) && this.hub.isOnline(p.id));
  }

  /** When the person to move is to be marked away if still offline (null: not due, or they are here). */
  private absentDeadline(state: LobbyState): number | null {
    if (isPaused(state) || !state.game.running || state.turnStartedAt === null) return null;
    const seat = personToMove({ current: state });
    if (!seat || seat.away !== undefined || this.hub.isOnline(seat.id)) return null;
    let since = this.offline.get(state.lobbyId)?.get(seat.id);
    // One node: not connected here is offline (from now, if not seen going). Several: the sweep finds out.
    if (since === undefined && !this.bus.peers) this.offlineOf(state.lobbyId).set(seat.id, (since = Date.now()));
    if (since === undefined) return null;
    return Math.max(Date.parse(state.turnStartedAt), since) + this.config.awayGraceMs;
  }

  /** When something is due in the lobby, or null (a hot-seat player's turn has no clock: no person to time out). */
  private dueAt(state: LobbyState | undefined): number | null {
    if (!state?.online || !state.game.running || isGameOver(state.game) || isPaused(state)) return null;
    const seat = personToMove({ current: state });
    if (!seat || seat.away !== undefined || !this.attended(state)) return null;
    let clock = turnDeadline(state, this.config.clockMsPerSecond);
    // Several nodes: the node the person to move is connected to passes their turn; the others hold back a
    // moment, as a fallback, rather than all racing to append the same timeout.
    if (clock !== null && this.bus.peers && !this.hub.isOnline(seat.id)) clock += PEER_FALLBACK_MS;
    const deadlines = [clock, this.absentDeadline(state)];
    const due = deadlines.filter((d): d is number => d !== null);
    return due.length > 0 ? Math.max(Math.min(...due), this.failedUntil.get(state.lobbyId) ?? 0) : null;
  }

  /**
   * Several nodes: finds which people to move (in lobbies attended here) are connected to no node, with one
   * question to the others for them all; from now on they count as offline (their grace runs from here).
   */
  async sweep(): Promise<void> {
    const movers = new Map<string, string>();
    for (const [lobbyId, state] of this.cache.openLobbies()) {
      if (!state.game.running || isGameOver(state.game) || isPaused(state) || !this.attended(state)) continue;
      const seat = personToMove({ current: state });
      if (!seat || seat.away !== undefined || this.hub.isOnline(seat.id)) continue;
      if (!this.offline.get(lobbyId)?.has(seat.id)) movers.set(seat.id, lobbyId);
    }
    const ids = [...movers.keys()];
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      const batch = ids.slice(i, i + SWEEP_BATCH);
      const online = await this.hub.onlineAnywhere(batch);
      if (!online) continue;
      const now = Date.now();
      for (const id of batch) {
        if (online.has(id)) continue;
        const lobbyId = movers.get(id)!;
        this.offlineOf(lobbyId).set(id, now);
        this.plan(lobbyId);
      }
    }
  }

  /** Keeps the lobby's one timer at what is due next (or none). */
  plan(lobbyId: string): void {
    if (this.closing) return;
    const state = this.cache.cached(lobbyId);
    this.remember(lobbyId, state);
    const at = this.dueAt(state);
    const planned = this.timers.get(lobbyId);
    if (planned?.at === at) return;
    if (planned) clearTimeout(planned.timer);
    this.timers.delete(lobbyId);
    if (at === null) return;
    const timer = setTimeout(() => this.fire(lobbyId, at), Math.max(0, at - Date.now()));
    this.timers.set(lobbyId, { at, timer });
  }

  /** Who of the lobby's people this node knows offline since when. */
  private offlineOf(lobbyId: string): Map<string, number> {
    let people = this.offline.get(lobbyId);
    if (!people) this.offline.set(lobbyId, (people = new Map()));
    return people;
  }

  /** Keeps `lobbyOf` and `offline` for the running lobbies only. */
  private remember(lobbyId: string, state: LobbyState | undefined): void {
    if (!state?.online || !state.game.running || isGameOver(state.game)) {
      this.offline.delete(lobbyId);
      this.failedUntil.delete(lobbyId);
      this.retries.forget(lobbyId);
      return;
    }
    for (const seat of state.players)
      if (isHuman(seat) && this.hub.isOnline(seat.id)) this.lobbyOf.set(seat.id, lobbyId);
  }

  private fire(lobbyId: string, at: number): void {
    if (this.timers.get(lobbyId)?.at === at) this.timers.delete(lobbyId);
    if (this.closing) return;
    this.retries.retrying(lobbyId);
    this.store
      .inLobby(lobbyId, (state) => this.decide(state))
      .then(
        () => {
          this.failedUntil.delete(lobbyId);
          this.retries.succeeded(lobbyId);
        },
        (e: unknown) => {
          if (e instanceof ServerStopping || this.closing) return;
          const wait = this.retries.failed(lobbyId);
          this.failedUntil.set(lobbyId, Date.now() + wait);
          this.logger.error('turn-clock-failed', {
            lobby: lobbyId,
            retryInMs: wait,
            error: e instanceof Error ? e.stack : String(e),
          });
        },
      )
      .finally(() => this.plan(lobbyId));
  }

  /**
   * On the lobby's current state (its lock held): the person to move is marked away if offline through the
   * grace period (and nobody of theirs is connected to another node), else their turn passes if its clock ran out.
   */
  private async decide(state: LobbyState | undefined): Promise<void> {
    if (!state || this.dueAt(state) === null) return;
    const now = Date.now();
    const seat = personToMove({ current: state });
    if (!seat || seat.away !== undefined) return;
    const absentAt = this.absentDeadline(state);
    if (absentAt !== null && absentAt <= now) {
      const online = await this.hub.onlineAnywhere([seat.id]);
      if (online !== null && !online.has(seat.id)) {
        const draft = new Draft(state, new Date().toISOString());
        addAway(draft, seat.id, 'absent');
        await this.store.commit(draft, {});
        this.metrics.playerAway('absent');
        return;
      }
      // Connected to another node (or the others could not be asked): the sweep looks again.
      this.offline.get(state.lobbyId)?.delete(seat.id);
    }
    const deadline = turnDeadline(state, this.config.clockMsPerSecond);
    if (deadline === null || deadline > now) return;
    const draft = new Draft(state, new Date().toISOString());
    const away = addTimeout(draft, seat);
    await this.store.commit(draft, {});
    this.metrics.turnTimeout();
    if (away) this.metrics.playerAway('timeouts');
  }
}
