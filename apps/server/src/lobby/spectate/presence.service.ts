/**
 * Presence: who of a lobby's people is connected, told to the lobby as `server-presence`. A player is
 * online from their first connection (on any node) until their last one closes; with several nodes the
 * bus is asked about the others, and a node found dead has its players announced gone by the survivor
 * that found it (unless they are back elsewhere). A node back from a Redis outage tells every lobby it
 * holds again who of its people is online: what was announced meanwhile, to it and by it, was lost.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { LobbyState } from '@four-banners/engine';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { LobbyHub, type GameSocket } from '../core/lobby.hub.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';

/** Players asked about at once when a node's presence is announced for it (`onlineAnywhere` takes a list). */
const ANNOUNCE_BATCH = 200;

/**
 * How long after Redis is back the lobbies are told again who is online: the nodes that lost it at the same
 * time (Redis restarted) must be back and listening first (they reconnect within 2 s), or the question
 * would not reach them and their people would be taken for gone.
 */
const RETELL_AFTER_MS = 3000;

@Injectable()
export class PresenceService implements OnModuleDestroy {
  /** Offline announcements waiting on the other nodes' answer (a stopping node sends them before the bus closes). */
  private readonly announcing = new Set<Promise<void>>();
  /** The lobbies' presence told again a moment after Redis is back (`RETELL_AFTER_MS`). */
  private retellTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(ClusterBus) bus: ClusterBus,
  ) {
    // A node died with players on it: their lobbies hear they are gone, unless they are back elsewhere.
    bus.on('node-gone', ({ players }) => void this.announce(players, false));
    // This node was taken for dead (cut off from the others) and is back: its players are announced again.
    bus.on('node-returned', (players) => void this.announce(players, true));
    // Redis is back: the presence told meanwhile was lost both ways (someone who left during the outage
    // would stay online for ever on the other side), so every lobby held here hears it again.
    bus.on('bus-reconnected', () => {
      if (this.retellTimer) clearTimeout(this.retellTimer);
      this.retellTimer = setTimeout(() => {
        this.retellTimer = null;
        void this.retell();
      }, RETELL_AFTER_MS).unref();
    });
  }

  onModuleDestroy(): void {
    if (this.retellTimer) clearTimeout(this.retellTimer);
  }

  /**
   * A socket of `playerId`, seated in `lobby`, was greeted: the lobby hears they are online (their first
   * connection) and the socket hears which of the lobby's other people are.
   */
  arrived(socket: GameSocket, playerId: string, lobby: LobbyState, cameOnline: boolean): void {
    if (cameOnline)
      this.hub.toLobbyEverywhere(lobby.lobbyId, { name: 'server-presence', payload: { playerId, online: true } });
    const others = lobby.players.filter((seat) => seat.id !== playerId && isHuman(seat)).map((seat) => seat.id);
    this.hub.whoIsOnline(others, (online) => {
      for (const id of others) {
        if (online?.has(id) ?? this.hub.isOnline(id))
          this.hub.toSocket(socket, { name: 'server-presence', payload: { playerId: id, online: true } });
      }
    });
  }

  /** Forgets the socket; tells the lobby the player is offline once their last connection anywhere is gone. */
  left(socket: GameSocket, playerId: string): void {
    // Looked up before detaching: going offline drops the player from the seat cache (which the greeting filled).
    const lobbyId = this.cache.knownSeatOf(playerId)?.lobbyId;
    if (!this.hub.detach(socket, playerId) || !lobbyId) return;
    const told = new Promise<void>((resolve) =>
      this.hub.whoIsOnline([playerId], (online) => {
        if (online && !online.has(playerId))
          this.hub.toLobbyEverywhere(lobbyId, { name: 'server-presence', payload: { playerId, online: false } });
        resolve();
      }),
    );
    this.announcing.add(told);
    void told.finally(() => this.announcing.delete(told));
  }

  /** Resolves once the offline announcements under way have gone out. */
  async drained(): Promise<void> {
    await Promise.all(this.announcing);
  }

  /**
   * Tells every lobby held here, on every node, whether each of its people is online now, as every node
   * answers; the lobbies of people another node could not be asked about are left as they were (safe).
   */
  private async retell(): Promise<void> {
    const lobbies: [lobbyId: string, people: string[]][] = [];
    for (const [lobbyId, state] of this.cache.openLobbies()) {
      const people = state.players.filter(isHuman).map((seat) => seat.id);
      if (people.length > 0) lobbies.push([lobbyId, people]);
    }
    const everyone = [...new Set(lobbies.flatMap(([, people]) => people))];
    const online = new Set<string>();
    const unknown = new Set<string>();
    for (let i = 0; i < everyone.length; i += ANNOUNCE_BATCH) {
      const batch = everyone.slice(i, i + ANNOUNCE_BATCH);
      const connected = await this.hub.onlineAnywhere(batch);
      for (const playerId of batch) {
        if (!connected) unknown.add(playerId);
        else if (connected.has(playerId)) online.add(playerId);
      }
    }
    for (const [lobbyId, people] of lobbies) {
      if (people.some((playerId) => unknown.has(playerId))) continue;
      for (const playerId of people)
        this.hub.toLobbyEverywhere(lobbyId, {
          name: 'server-presence',
          payload: { playerId, online: online.has(playerId) },
        });
    }
  }

  /** Tells each player's lobby (on every node) whether they are online; offline only if no node holds them. */
  private async announce(players: readonly string[], online: boolean): Promise<void> {
    for (let i = 0; i < players.length; i += ANNOUNCE_BATCH) {
      const batch = players.slice(i, i + ANNOUNCE_BATCH);
      const connected = online ? null : await this.hub.onlineAnywhere(batch);
      for (const playerId of batch) {
        if (online ? !this.hub.isOnline(playerId) : (connected?.has(playerId) ?? true)) continue;
        const lobbyId = await this.cache.lobbyIdOf(playerId).catch(() => null);
        if (lobbyId) this.hub.toLobbyEverywhere(lobbyId, { name: 'server-presence', payload: { playerId, online } });
      }
    }
  }
}
