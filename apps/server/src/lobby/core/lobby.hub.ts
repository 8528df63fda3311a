/**
 * The live sockets and the sends (ARCHITECTURE §5.7): which player holds which connections, the lobby rooms
 * they sit in, and emitting to them. A lobby's broadcasts reach its players (room `lobby:<id>`), the operators
 * following it and its watchers, the watchers with chat text blanked (`rooms.ts`); who watches or follows which
 * lobby is the watcher registry's (`watchers.ts`).
 *
 * Several nodes: the events of a lobby's log are sent by each node to its own sockets only (`toLobby`),
 * from its own folded copy, so every client gets them once and in seq order whichever node appended them
 * (the follower brings a node's copy up to date). What is not in the log — presence and rematch notices —
 * goes through the cluster bus's socket.io adapter to every node's sockets (`toLobbyEverywhere`), and
 * `whoIsOnline` asks the bus who of some players is connected elsewhere.
 *
 * Presence changes go out on the bus (`presence-changed`).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Broadcast, ServerToClientEvents } from '@four-banners/protocol';
import type { Server, Socket } from 'socket.io';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { emitToLobbyRooms, lobbyRoom } from './rooms.js';
import { WatcherRegistry } from './watchers.js';

export type GameServer = Server<Record<string, never>, ServerToClientEvents>;
export type GameSocket = Socket<Record<string, never>, ServerToClientEvents>;

@Injectable()
export class LobbyHub {
  private server: GameServer | null = null;
  private readonly sockets = new Map<string, Set<GameSocket>>();
  private connections = 0;

  constructor(
    @Inject(ClusterBus) private readonly bus: ClusterBus,
    @Inject(WatcherRegistry) private readonly watchers: WatcherRegistry,
  ) {}

  attachServer(server: GameServer): void {
    this.server = server;
    this.bus.attachServer(server as unknown as Server, (ids) => ids.filter((id) => this.isOnline(id)));
  }

  /**
   * Calls `then` with which of `playerIds` have a connection on any node (this one included), or null when
   * another node could not be asked (the caller then assumes what is safe). At once when nobody else is asked.
   */
  whoIsOnline(playerIds: readonly string[], then: (online: Set<string> | null) => void): void {
    const online = new Set(playerIds.filter((id) => this.isOnline(id)));
    if (online.size === playerIds.length) {
      then(online);
      return;
    }
    this.bus.onlineElsewhere(playerIds, (there) => {
      if (!there) {
        then(null);
        return;
      }
      for (const id of there) online.add(id);
      then(online);
    });
  }

  /** `whoIsOnline` as a promise. */
  onlineAnywhere(playerIds: readonly string[]): Promise<Set<string> | null> {
    return new Promise((resolve) => this.whoIsOnline(playerIds, resolve));
  }

  /** Registers a connection; true when the player just came online. */
  attach(socket: GameSocket, playerId: string): boolean {
    let set = this.sockets.get(playerId);
    const cameOnline = !set || set.size === 0;
    if (!set) this.sockets.set(playerId, (set = new Set()));
    set.add(socket);
    this.connections += 1;
    this.bus.count('sockets', playerId, set.size);
    if (cameOnline) this.bus.emit('presence-changed', playerId, true);
    return cameOnline;
  }

  /** Forgets a connection (and what it watched); true when it was the player's last one. */
  detach(socket: GameSocket, playerId: string): boolean {
    this.watchers.forget(socket);
    const set = this.sockets.get(playerId);
    if (!set?.delete(socket)) return false;
    this.connections -= 1;
    this.bus.count('sockets', playerId, set.size);
    if (set.size > 0) return false;
    this.sockets.delete(playerId);
    this.bus.emit('presence-changed', playerId, false);
    return true;
  }

  isOnline(playerId: string): boolean {
    return (this.sockets.get(playerId)?.size ?? 0) > 0;
  }

  /** The player's open connections. */
  socketCount(playerId: string): number {
    return this.sockets.get(playerId)?.size ?? 0;
  }

  /** People with a connection to this node. */
  get peopleCount(): number {
    return this.sockets.size;
  }

  /**
   * People with a connection to any node (each node's people, summed: someone connected to two nodes counts
   * twice); null when another node could not be asked.
   */
  peopleEverywhere(): Promise<number | null> {
    const here = this.sockets.size;
    return new Promise((resolve) =>
      this.bus.fieldsElsewhere('sockets', (there) => resolve(there === null ? null : here + there)),
    );
  }

  /** The client addresses (as the limits key them) of the player's connections to this node. */
  addressesOf(playerId: string): string[] {
    const found = new Set<string>();
    for (const s of this.sockets.get(playerId) ?? []) {
      const address = (s.data as { address?: unknown }).address;
      if (typeof address === 'string') found.add(address);
    }
    return [...found];
  }

  /** Every open connection, counted once. */
  get connectionCount(): number {
    return this.connections;
  }

  /** Every attached connection (for the slow-reader watch). */
  *allSockets(): IterableIterator<GameSocket> {
    for (const set of this.sockets.values()) yield* set;
  }

  /** Puts every connection of the player in the lobby's room (a seat sees everything: no more watching it). */
  joinRoom(playerId: string, lobbyId: string): void {
    for (const s of this.sockets.get(playerId) ?? []) this.joinSocket(s, lobbyId);
  }

  /**
   * Puts the player's connections to this node that are not in the lobby's room yet in it, each first sent
   * `snapshot` (the state the broadcasts after it fold on): they sat down through another node.
   */
  seatHere(playerId: string, lobbyId: string, snapshot: () => Broadcast): void {
    for (const s of this.sockets.get(playerId) ?? []) {
      if (s.rooms.has(lobbyRoom(lobbyId))) continue;
      this.joinSocket(s, lobbyId);
      this.toSocket(s, snapshot());
    }
  }

  joinSocket(socket: GameSocket, lobbyId: string): void {
    this.watchers.seated(socket, lobbyId);
    void socket.join(lobbyRoom(lobbyId));
  }

  leaveRoom(playerId: string, lobbyId: string): void {
    for (const s of this.sockets.get(playerId) ?? []) void s.leave(lobbyRoom(lobbyId));
  }

  /** Empties a closed lobby's room and sends its watchers (and the operators following it) away. */
  clearRoom(lobbyId: string): void {
    // This node's sockets: each node empties its own room when it folds the closing.
    this.server?.local.in(lobbyRoom(lobbyId)).socketsLeave(lobbyRoom(lobbyId));
    this.watchers.clear(lobbyId);
  }

  /**
   * To the lobby's players, its operators following it and its watchers (chat text blank for them) connected
   * to this node.
   */
  toLobby(lobbyId: string, b: Broadcast): void {
    const server = this.server?.local;
    if (!server) return;
    emitToLobbyRooms(server, lobbyId, b, {
      operators: this.watchers.isFollowed(lobbyId),
      watchers: this.watchers.isWatched(lobbyId),
    });
  }

  /** Tells `playerId`'s connections here which of `others` are online (on any node: then a moment later). */
  tellPresence(playerId: string, others: readonly string[]): void {
    this.whoIsOnline(others, (online) => {
      for (const id of others) {
        if (online?.has(id) ?? this.isOnline(id))
          this.toPlayer(playerId, { name: 'server-presence', payload: { playerId: id, online: true } });
      }
    });
  }

  /** To the lobby's players and watchers on every node (a notice that is not in the log: presence, a rematch). */
  toLobbyEverywhere(lobbyId: string, b: Broadcast): void {
    const server = this.server;
    if (!server) return;
    // Another node's watchers and operators are not known here: every room, always.
    emitToLobbyRooms(server, lobbyId, b, { operators: true, watchers: true });
  }

  toPlayer(playerId: string, b: Broadcast): void {
    for (const s of this.sockets.get(playerId) ?? []) s.emit(b.name, b.payload as never);
  }

  toSocket(socket: GameSocket, b: Broadcast): void {
    socket.emit(b.name, b.payload as never);
  }
}
