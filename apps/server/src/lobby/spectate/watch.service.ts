/**
 * Spectators (watchers): any connection may watch an open lobby it has no seat in. Watching answers with
 * the resync of `client-sync-state` (chat text blank), then the socket receives the lobby's broadcasts
 * (LobbyHub.toLobby); who watches what is kept by the watcher registry (`core/watchers.ts`). How many
 * distinct people watch is announced to the lobby, coalesced per lobby to one `server-watchers` per
 * `watchers.noticeMs`, so a crowd arriving costs one notice, not one per arrival.
 * Several nodes: the count and the `WATCHERS_PER_LOBBY` cap are summed over the nodes (the cluster bus).
 *
 * Operators follow a lobby the same way (`client-admin-watch`, PROTOCOL §4.9) but read the chat, are not
 * counted nor capped, and may read any lobby: a closed one answers with its log and nothing follows.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { adminWatchSchema, watchLobbySchema, type Ack, type WatchAck } from '@four-banners/protocol';
import type { z } from 'zod';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { LimitsService, REFUSAL_MESSAGES } from '../../limits/limits.service.js';
import { MetricsService } from '../../common/metrics.service.js';
import { LobbyHub, type GameSocket } from '../core/lobby.hub.js';
import { WatcherRegistry } from '../core/watchers.js';
import { fail } from '../core/requests.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { ResyncService } from './resync.service.js';

@Injectable()
export class WatchService implements OnModuleDestroy {
  /** Lobbies whose watcher count changed and is announced when the timer fires. */
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** The count last announced per lobby (absent: 0), so a change undone in the meantime is not announced. */
  private readonly announced = new Map<string, number>();

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(ResyncService) private readonly resync: ResyncService,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(WatcherRegistry) private readonly watchers: WatcherRegistry,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) metrics: MetricsService,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
  ) {
    metrics.gauge(
      'fb_watchers',
      'People watching a lobby live without a seat (distinct identities per lobby, summed over lobbies).',
      () => watchers.watcherTotalCount,
    );
    bus.on('watchers-changed', (lobbyId) => this.changed(lobbyId));
    // A node died with watchers on it: the lobbies they watched hear the new count (from the node that found it).
    bus.on('node-gone', ({ watched }) => {
      for (const lobbyId of watched) this.changed(lobbyId);
    });
  }

  onModuleDestroy(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  /**
   * The answer to `client-watch-lobby`: the lobby's resync for a watcher and the watcher count, the socket
   * then watching that lobby (instead of any other). A player seated there is sent to the game instead.
   */
  async watch(
    socket: GameSocket,
    caller: string,
    address: string,
    p: z.output<typeof watchLobbySchema>,
  ): Promise<WatchAck> {
    const state = await this.resync.lobbyToRead(address, p.lobbyId);
    if ('ok' in state) return state;
    if (state.players.some((s) => s.id === caller)) return fail('not_actable', 'You sit in this lobby: open the game.');
    const full = (await this.watchersEverywhere(state.lobbyId)) >= this.config.watchers.perLobby;
    if (full && !this.watchers.isWatching(state.lobbyId, caller)) {
      this.limits.refused('watchers_per_lobby');
      return fail('lobby_full', REFUSAL_MESSAGES.watchers_per_lobby);
    }
    const answer = await this.resync.catchUp(caller, address, state, p.afterSeq, 'watcher');
    this.watchers.watch(socket, caller, state.lobbyId);
    const watchers = await this.watchersEverywhere(state.lobbyId);
    for (const seat of state.players) {
      if (isHuman(seat) && this.hub.isOnline(seat.id)) {
        this.hub.toSocket(socket, { name: 'server-presence', payload: { playerId: seat.id, online: true } });
      }
    }
    return { ...answer, watchers };
  }

  /**
   * The answer to `client-admin-watch` once its token is checked: the lobby's resync as its players read it
   * (removed chat blank, as `catchUp` serves it), then the socket follows the lobby while it is open. Any lobby with a log, closed
   * ones included; not counted as a watcher.
   */
  async follow(
    socket: GameSocket,
    caller: string,
    address: string,
    p: z.output<typeof adminWatchSchema>,
  ): Promise<WatchAck> {
    const open = await this.cache.getLobby(p.lobbyId);
    const state = open ?? (await this.cache.restore(p.lobbyId));
    if (!state) return fail('not_found', `There is no lobby ${p.lobbyId}.`);
    const answer = await this.resync.catchUp(caller, address, state, p.afterSeq, 'seat');
    if (open) this.watchers.follow(socket, state.lobbyId);
    const watchers = await this.watchersEverywhere(state.lobbyId);
    if (open) {
      for (const seat of state.players) {
        if (isHuman(seat) && this.hub.isOnline(seat.id)) {
          this.hub.toSocket(socket, { name: 'server-presence', payload: { playerId: seat.id, online: true } });
        }
      }
    }
    return { ...answer, watchers };
  }

  /** The answer to `client-unwatch-lobby`: the socket stops watching or following (nothing to do if it was not). */
  async unwatch(socket: GameSocket): Promise<Ack> {
    this.watchers.unwatch(socket);
    this.watchers.unfollow(socket);
    return { ok: true };
  }

  private watchersEverywhere(lobbyId: string): Promise<number> {
    return new Promise((resolve) => this.watchers.watchersEverywhere(lobbyId, resolve));
  }

  /** A change is announced at the end of the window it opens; later changes in that window ride along. */
  private changed(lobbyId: string): void {
    if (this.pending.has(lobbyId)) return;
    this.pending.set(lobbyId, setTimeout(() => this.announce(lobbyId), this.config.watchers.noticeMs).unref());
  }

  private announce(lobbyId: string): void {
    this.pending.delete(lobbyId);
    if (this.bus.peers) {
      // Several nodes: the sum over all of them, to every node's players and watchers of the lobby. Each
      // node announces its own changes, after writing its count, so the last announcement is the true sum
      // (what this node announced before may have been overtaken by another's: no "unchanged" shortcut).
      // Sent even when this node does not hold the lobby (a node that found another dead announces for it):
      // a closed lobby's rooms are empty.
      this.watchers.watchersEverywhere(lobbyId, (count) =>
        this.hub.toLobbyEverywhere(lobbyId, { name: 'server-watchers', payload: { lobbyId, count } }),
      );
      return;
    }
    const count = this.watchers.watcherCount(lobbyId);
    if ((this.announced.get(lobbyId) ?? 0) === count) return;
    if (count > 0) this.announced.set(lobbyId, count);
    else this.announced.delete(lobbyId);
    // A closed lobby has nobody left to tell.
    if (!this.cache.cached(lobbyId)) return;
    this.hub.toLobby(lobbyId, { name: 'server-watchers', payload: { lobbyId, count } });
  }
}
