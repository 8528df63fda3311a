/**
 * The lobbies in memory: open lobbies folded from their logs (restored lazily, once however many ask at
 * once), who sits where (a cache of `players.lobby_id` for the players online), and the lobbies known to be
 * closed. Only the commit pipeline (`LobbyStore`) changes what it holds after a restore.
 */
import { Inject, Injectable } from '@nestjs/common';
import { foldFrom, type LobbyState, type Player } from '@four-banners/engine';
import { lobbyStateFromSnapshot, type StateSnapshot } from '@four-banners/protocol';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { LobbyLogRepository } from '../../storage/lobby-log.repository.js';
import { PlayerRepository } from '../../storage/player.repository.js';
import { snapshotOf } from '@four-banners/protocol';
import { LobbyHub } from './lobby.hub.js';

export const isHuman = (p: Player): boolean => !p.bot && !p.local;

/** How many closed lobby ids are remembered to answer "not found" without a query. */
const CLOSED_REMEMBERED = 10_000;

@Injectable()
export class LobbyCache {
  /** Open lobbies, folded; restored lazily from their logs. */
  private readonly lobbies = new Map<string, LobbyState>();
  /** playerId → the open lobby they sit in (null: none); a cache of `players.lobby_id` for players online. */
  private readonly seats = new Map<string, string | null>();
  /** Lobbies known to be closed (or unknown), so asking again costs nothing; bounded, oldest forgotten first. */
  private readonly closed = new Set<string>();
  /** Restores in flight, so readers asking for one lobby at once fold its log once. */
  private readonly restores = new Map<string, Promise<LobbyState | undefined>>();

  constructor(
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(PlayerRepository) private readonly players: PlayerRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(MetricsService) metrics: MetricsService,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
  ) {
    metrics.gauge('fb_open_lobbies', 'Open lobbies held in memory (waiting or playing).', () => this.lobbies.size);
    // The seat cache follows the players online: anyone can make identities, so it must not keep them all.
    bus.on('presence-changed', (playerId, online) => {
      if (!online) this.seats.delete(playerId);
    });
  }

  /** The open lobbies in memory. */
  openLobbies(): IterableIterator<[string, LobbyState]> {
    return this.lobbies.entries();
  }

  /** The in-memory state, without restoring. */
  cached(lobbyId: string): LobbyState | undefined {
    return this.lobbies.get(lobbyId);
  }

  /** The restore of the lobby under way, if any. */
  restoring(lobbyId: string): Promise<LobbyState | undefined> | undefined {
    return this.restores.get(lobbyId);
  }

  /** An open lobby's folded state (restored from its log on first use), or undefined. */
  async getLobby(lobbyId: string): Promise<LobbyState | undefined> {
    const cached = this.lobbies.get(lobbyId);
    if (cached) return cached;
    if (this.closed.has(lobbyId)) return undefined;
    let restoring = this.restores.get(lobbyId);
    if (!restoring) {
      restoring = this.restoreOpen(lobbyId).finally(() => this.restores.delete(lobbyId));
      this.restores.set(lobbyId, restoring);
    }
    return restoring;
  }

  private async restoreOpen(lobbyId: string): Promise<LobbyState | undefined> {
    const row = await this.log.getLobby(lobbyId);
    if (!row || row.status === 'closed') return undefined;
    const state = await this.restore(lobbyId);
    // A commit may have come first (a lobby is only written once it is in memory): memory wins.
    const meanwhile = this.lobbies.get(lobbyId);
    if (meanwhile) return meanwhile;
    if (!state || !state.online) {
      this.rememberClosed(lobbyId);
      return undefined;
    }
    this.lobbies.set(lobbyId, state);
    this.logger.info('lobby-restored', { lobby: lobbyId, seq: state.seq });
    // The log says who sits here: their seats, and their connections to this node in the room (they may
    // have sat down through another node while connected to this one).
    for (const seat of state.players) {
      if (!isHuman(seat)) continue;
      this.seats.set(seat.id, lobbyId);
      this.hub.seatHere(seat.id, lobbyId, () => ({ name: 'server-sync-state', payload: snapshotOf(state) }));
    }
    this.bus.emit('lobby-changed', lobbyId);
    return state;
  }

  /** Folds a lobby's log from its latest snapshot (or from the start if the snapshot does not fold). */
  async restore(lobbyId: string, upTo = Number.MAX_SAFE_INTEGER): Promise<LobbyState | undefined> {
    const snap = await this.log.latestSnapshot(lobbyId, upTo);
    if (snap) {
      try {
        const base = lobbyStateFromSnapshot(JSON.parse(snap.state) as StateSnapshot);
        const folded = foldFrom(base, await this.log.readEvents(lobbyId, snap.seq + 1, upTo));
        if (folded.ok) return folded.value;
      } catch (e) {
        this.logger.error('snapshot-unusable', { lobby: lobbyId, seq: snap.seq, error: String(e) });
      }
    }
    const events = await this.log.readEvents(lobbyId, 1, upTo);
    if (events.length === 0) return undefined;
    const folded = foldFrom(null, events);
    if (!folded.ok) {
      this.logger.error('log-unfoldable', { lobby: lobbyId, seq: folded.error.seq, error: folded.error.message });
      return undefined;
    }
    return folded.value;
  }

  /** Keeps the lobby's new state in memory, or forgets it once closed. */
  hold(state: LobbyState): void {
    if (state.online) this.lobbies.set(state.lobbyId, state);
    else {
      this.lobbies.delete(state.lobbyId);
      this.rememberClosed(state.lobbyId);
    }
  }

  /** Drops the lobby from memory (its log is read again when next needed). */
  drop(lobbyId: string): void {
    this.lobbies.delete(lobbyId);
  }

  /** Records where a player now sits (null: nowhere). */
  seat(playerId: string, lobbyId: string | null): void {
    this.seats.set(playerId, lobbyId);
  }

  /** Forgets where a player sits: read again when next needed. */
  unseat(playerId: string): void {
    this.seats.delete(playerId);
  }

  /** The id of the lobby a player sits in, read from storage unless known; not kept (they are not online here). */
  async lobbyIdOf(playerId: string): Promise<string | null> {
    return this.seats.get(playerId) ?? (await this.players.find(playerId))?.lobbyId ?? null;
  }

  /** The id of the lobby the player sits in (null: none), read once and then kept while they are online. */
  async seatIdOf(playerId: string): Promise<string | null> {
    let lobbyId = this.seats.get(playerId);
    if (lobbyId === undefined) {
      lobbyId = (await this.players.find(playerId))?.lobbyId ?? null;
      // A commit may have seated or unseated the player meanwhile: what it set is newer.
      if (this.seats.has(playerId)) return this.seats.get(playerId)!;
      this.seats.set(playerId, lobbyId);
    }
    return lobbyId;
  }

  /** The open lobby the player sits in, as far as memory knows already (no query): undefined when unknown. */
  knownSeatOf(playerId: string): LobbyState | undefined {
    const lobbyId = this.seats.get(playerId);
    const state = lobbyId ? this.lobbies.get(lobbyId) : undefined;
    return state?.players.some((p) => p.id === playerId) ? state : undefined;
  }

  /** The open lobby the player sits in. */
  async seatOf(playerId: string): Promise<LobbyState | undefined> {
    const lobbyId = await this.seatIdOf(playerId);
    if (lobbyId === null) return undefined;
    const state = await this.getLobby(lobbyId);
    return state?.players.some((p) => p.id === playerId) ? state : undefined;
  }

  private rememberClosed(lobbyId: string): void {
    if (this.closed.size >= CLOSED_REMEMBERED) this.closed.delete(this.closed.values().next().value!);
    this.closed.add(lobbyId);
  }
}
