/**
 * The live sockets: which player holds which connections, lobby rooms, who watches which lobby, and
 * emitting to them. A lobby's broadcasts reach its players (room `lobby:<id>`) and its watchers (room
 * `watch:<id>`), the watchers with chat text blanked.
 *
 * Several nodes: the events of a lobby's log are sent by each node to its own sockets only (`toLobby`),
 * from its own folded copy, so every client gets them once and in seq order whichever node appended them
 * (the follower brings a node's copy up to date). What is not in the log — presence and rematch notices —
 * goes through the cluster bus's socket.io adapter to every node's sockets (`toLobbyEverywhere`), and
 * `whoIsOnline` asks the bus who of some players is connected elsewhere.
 *
 * Presence and watcher changes go out on the bus (`presence-changed`, `watchers-changed`).
 *
 * Operators following a lobby (`client-admin-watch`, PROTOCOL §4.9) sit in a third room, `admin:<id>`: they
 * get what its players get, chat text included, and are not counted as watchers.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { ServerToClientEvents } from '@four-banners/protocol';
import type { Server, Socket } from 'socket.io';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { forWatchers, type Broadcast } from '@four-banners/protocol';

export type GameServer = Server<Record<string, never>, ServerToClientEvents>;
export type GameSocket = Socket<Record<string, never>, ServerToClientEvents>;

const room = (lobbyId: string) => `lobby:${lobbyId}`;
const watchRoom = (lobbyId: string) => `watch:${lobbyId}`;
const adminRoom = (lobbyId: string) => `admin:${lobbyId}`;

@Injectable()
export class LobbyHub {
  private server: GameServer | null = null;
  private readonly sockets = new Map<string, Set<GameSocket>>();
  private connections = 0;
  /** What each watching socket watches, and as whom (a socket watches one lobby at most). */
  private readonly watching = new Map<GameSocket, { readonly lobbyId: string; readonly playerId: string }>();
  /** lobbyId → the people watching it → their sockets that do. */
  private readonly watchers = new Map<string, Map<string, Set<GameSocket>>>();
  /** Distinct people watching, summed over lobbies. */
  private watcherTotal = 0;
  /** The lobby each operator's socket follows (one at most), and how many sockets follow each lobby here. */
  private readonly following = new Map<GameSocket, string>();
  private readonly followers = new Map<string, number>();

  constructor(@Inject(ClusterBus) private readonly bus: ClusterBus) {}

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
    this.unwatch(socket);
    this.unfollow(socket);
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
      if (s.rooms.has(room(lobbyId))) continue;
      this.joinSocket(s, lobbyId);
      this.toSocket(s, snapshot());
    }
  }

  joinSocket(socket: GameSocket, lobbyId: string): void {
    if (this.watching.get(socket)?.lobbyId === lobbyId) this.unwatch(socket);
    void socket.join(room(lobbyId));
  }

  leaveRoom(playerId: string, lobbyId: string): void {
    for (const s of this.sockets.get(playerId) ?? []) void s.leave(room(lobbyId));
  }

  /** Empties a closed lobby's room and sends its watchers away. */
  clearRoom(lobbyId: string): void {
    // This node's sockets: each node empties its own room when it folds the closing.
    this.server?.local.in(room(lobbyId)).socketsLeave(room(lobbyId));
    for (const [socket, followed] of [...this.following]) if (followed === lobbyId) this.unfollow(socket);
    const people = this.watchers.get(lobbyId);
    if (!people) return;
    for (const sockets of [...people.values()]) for (const socket of [...sockets]) this.unwatch(socket);
  }

  /**
   * To the lobby's players, its operators following it and its watchers (chat text blank for them) connected
   * to this node.
   */
  toLobby(lobbyId: string, b: Broadcast): void {
    const server = this.server?.local;
    if (!server) return;
    const seats = this.followers.has(lobbyId)
      ? server.to(room(lobbyId)).to(adminRoom(lobbyId))
      : server.to(room(lobbyId));
    if (!this.watchers.has(lobbyId)) {
      seats.emit(b.name, b.payload as never);
      return;
    }
    const seen = forWatchers(b);
    // One emit when watchers get the same thing (socket.io encodes it once for every room).
    if (seen === b) seats.to(watchRoom(lobbyId)).emit(b.name, b.payload as never);
    else {
      seats.emit(b.name, b.payload as never);
      server
        .to(watchRoom(lobbyId))
        .except(room(lobbyId))
        .except(adminRoom(lobbyId))
        .emit(seen.name, seen.payload as never);
    }
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
    const seen = forWatchers(b);
    const seats = server.to(room(lobbyId)).to(adminRoom(lobbyId));
    if (seen === b) seats.to(watchRoom(lobbyId)).emit(b.name, b.payload as never);
    else {
      seats.emit(b.name, b.payload as never);
      server
        .to(watchRoom(lobbyId))
        .except(room(lobbyId))
        .except(adminRoom(lobbyId))
        .emit(seen.name, seen.payload as never);
    }
  }

  // ---- operators following a lobby (PROTOCOL §4.9) ----

  /** Makes an operator's socket follow the lobby (instead of anything it watched or followed before). */
  follow(socket: GameSocket, lobbyId: string): void {
    this.unwatch(socket);
    if (this.following.get(socket) === lobbyId) return;
    this.unfollow(socket);
    this.following.set(socket, lobbyId);
    this.followers.set(lobbyId, (this.followers.get(lobbyId) ?? 0) + 1);
    void socket.join(adminRoom(lobbyId));
  }

  /** Stops an operator's socket following its lobby; returns the lobby it followed. */
  unfollow(socket: GameSocket): string | undefined {
    const lobbyId = this.following.get(socket);
    if (lobbyId === undefined) return undefined;
    this.following.delete(socket);
    const left = (this.followers.get(lobbyId) ?? 1) - 1;
    if (left > 0) this.followers.set(lobbyId, left);
    else this.followers.delete(lobbyId);
    void socket.leave(adminRoom(lobbyId));
    return lobbyId;
  }

  /** Whether an operator's socket on this node follows the lobby. */
  isFollowed(lobbyId: string): boolean {
    return this.followers.has(lobbyId);
  }

  // ---- watchers ----

  /** How many distinct people watch the lobby. */
  watcherCount(lobbyId: string): number {
    return this.watchers.get(lobbyId)?.size ?? 0;
  }

  /**
   * How many people watch the lobby on every node (each node's distinct watchers, summed: someone watching
   * through two nodes counts twice). At once when nobody else is asked; else once the others' counts are read.
   */
  watchersEverywhere(lobbyId: string, then: (count: number) => void): void {
    const here = this.watcherCount(lobbyId);
    this.bus.sumElsewhere('watchers', lobbyId, (there) => then(here + (there ?? 0)));
  }

  /** Sends `send` the `server-watchers` a player arriving in the lobby gets, when anyone watches it. */
  tellWatchers(lobbyId: string, send: (notice: Broadcast) => void): void {
    this.watchersEverywhere(lobbyId, (count) => {
      if (count > 0) send({ name: 'server-watchers', payload: { lobbyId, count } });
    });
  }

  /** Whether `playerId` already watches the lobby (from any of their connections). */
  isWatching(lobbyId: string, playerId: string): boolean {
    return this.watchers.get(lobbyId)?.has(playerId) ?? false;
  }

  /** Distinct people watching, summed over lobbies (the `fb_watchers` gauge). */
  get watcherTotalCount(): number {
    return this.watcherTotal;
  }

  /** Makes the socket watch the lobby, instead of whatever it watched before; returns the lobby's watcher count. */
  watch(socket: GameSocket, playerId: string, lobbyId: string): number {
    this.unfollow(socket);
    if (this.watching.get(socket)?.lobbyId !== lobbyId) {
      this.unwatch(socket);
      this.watching.set(socket, { lobbyId, playerId });
      void socket.join(watchRoom(lobbyId));
      let people = this.watchers.get(lobbyId);
      if (!people) this.watchers.set(lobbyId, (people = new Map()));
      const sockets = people.get(playerId);
      if (sockets) sockets.add(socket);
      else {
        people.set(playerId, new Set([socket]));
        this.watcherTotal += 1;
        this.watchersChanged(lobbyId);
      }
    }
    return this.watcherCount(lobbyId);
  }

  /** Stops the socket watching; returns the lobby it watched. */
  unwatch(socket: GameSocket): string | undefined {
    const watched = this.watching.get(socket);
    if (!watched) return undefined;
    const { lobbyId, playerId } = watched;
    this.watching.delete(socket);
    void socket.leave(watchRoom(lobbyId));
    const people = this.watchers.get(lobbyId);
    const sockets = people?.get(playerId);
    if (!people || !sockets?.delete(socket)) throw new Error(`watcher bookkeeping lost ${playerId} in ${lobbyId}`);
    if (sockets.size > 0) return lobbyId;
    people.delete(playerId);
    if (people.size === 0) this.watchers.delete(lobbyId);
    this.watcherTotal -= 1;
    this.watchersChanged(lobbyId);
    return lobbyId;
  }

  private watchersChanged(lobbyId: string): void {
    this.bus.count('watchers', lobbyId, this.watcherCount(lobbyId));
    this.bus.emit('watchers-changed', lobbyId);
  }

  toPlayer(playerId: string, b: Broadcast): void {
    for (const s of this.sockets.get(playerId) ?? []) s.emit(b.name, b.payload as never);
  }

  toSocket(socket: GameSocket, b: Broadcast): void {
    socket.emit(b.name, b.payload as never);
  }
}
