/**
 * The live sockets: which player holds which connections, lobby rooms, who watches which lobby, and
 * emitting to them. A lobby's broadcasts reach its players (room `lobby:<id>`) and its watchers (room
 * `watch:<id>`), the watchers with chat text blanked.
 */
import { Injectable } from '@nestjs/common';
import type { ServerToClientEvents } from '@four-banners/protocol';
import type { Server, Socket } from 'socket.io';
import { forWatchers, type Broadcast } from './broadcasts.js';

export type GameServer = Server<Record<string, never>, ServerToClientEvents>;
export type GameSocket = Socket<Record<string, never>, ServerToClientEvents>;

const room = (lobbyId: string) => `lobby:${lobbyId}`;
const watchRoom = (lobbyId: string) => `watch:${lobbyId}`;

@Injectable()
export class LobbyHub {
  private server: GameServer | null = null;
  private readonly sockets = new Map<string, Set<GameSocket>>();
  private readonly presenceListeners: ((playerId: string, online: boolean) => void)[] = [];
  private connections = 0;
  /** What each watching socket watches, and as whom (a socket watches one lobby at most). */
  private readonly watching = new Map<GameSocket, { readonly lobbyId: string; readonly playerId: string }>();
  /** lobbyId → the people watching it → their sockets that do. */
  private readonly watchers = new Map<string, Map<string, Set<GameSocket>>>();
  /** Distinct people watching, summed over lobbies. */
  private watcherTotal = 0;
  private readonly watcherListeners: ((lobbyId: string) => void)[] = [];

  attachServer(server: GameServer): void {
    this.server = server;
  }

  /** Calls `listener` when a player's first connection opens (online) or their last one closes (offline). */
  onPresence(listener: (playerId: string, online: boolean) => void): void {
    this.presenceListeners.push(listener);
  }

  /** Registers a connection; true when the player just came online. */
  attach(socket: GameSocket, playerId: string): boolean {
    let set = this.sockets.get(playerId);
    const cameOnline = !set || set.size === 0;
    if (!set) this.sockets.set(playerId, (set = new Set()));
    set.add(socket);
    this.connections += 1;
    if (cameOnline) for (const listener of this.presenceListeners) listener(playerId, true);
    return cameOnline;
  }

  /** Forgets a connection (and what it watched); true when it was the player's last one. */
  detach(socket: GameSocket, playerId: string): boolean {
    this.unwatch(socket);
    const set = this.sockets.get(playerId);
    if (!set?.delete(socket)) return false;
    this.connections -= 1;
    if (set.size > 0) return false;
    this.sockets.delete(playerId);
    for (const listener of this.presenceListeners) listener(playerId, false);
    return true;
  }

  isOnline(playerId: string): boolean {
    return (this.sockets.get(playerId)?.size ?? 0) > 0;
  }

  /** The player's open connections. */
  socketCount(playerId: string): number {
    return this.sockets.get(playerId)?.size ?? 0;
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

  joinSocket(socket: GameSocket, lobbyId: string): void {
    if (this.watching.get(socket)?.lobbyId === lobbyId) this.unwatch(socket);
    void socket.join(room(lobbyId));
  }

  leaveRoom(playerId: string, lobbyId: string): void {
    for (const s of this.sockets.get(playerId) ?? []) void s.leave(room(lobbyId));
  }

  /** Empties a closed lobby's room and sends its watchers away. */
  clearRoom(lobbyId: string): void {
    this.server?.in(room(lobbyId)).socketsLeave(room(lobbyId));
    const people = this.watchers.get(lobbyId);
    if (!people) return;
    for (const sockets of [...people.values()]) for (const socket of [...sockets]) this.unwatch(socket);
  }

  /** To the lobby's players and its watchers (chat text blank for them). */
  toLobby(lobbyId: string, b: Broadcast): void {
    const server = this.server;
    if (!server) return;
    if (!this.watchers.has(lobbyId)) {
      server.to(room(lobbyId)).emit(b.name, b.payload as never);
      return;
    }
    const seen = forWatchers(b);
    // One emit when watchers get the same thing (socket.io encodes it once for both rooms).
    if (seen === b) server.to(room(lobbyId)).to(watchRoom(lobbyId)).emit(b.name, b.payload as never);
    else {
      server.to(room(lobbyId)).emit(b.name, b.payload as never);
      server.to(watchRoom(lobbyId)).except(room(lobbyId)).emit(seen.name, seen.payload as never);
    }
  }

  // ---- watchers ----

  /** Calls `listener` with a lobby's id whenever the set of people watching it changes. */
  onWatchers(listener: (lobbyId: string) => void): void {
    this.watcherListeners.push(listener);
  }

  /** How many distinct people watch the lobby. */
  watcherCount(lobbyId: string): number {
    return this.watchers.get(lobbyId)?.size ?? 0;
  }

  /** The `server-watchers` a player arriving in the lobby gets, when anyone watches it. */
  watchersNotice(lobbyId: string): Broadcast | undefined {
    const count = this.watcherCount(lobbyId);
    return count > 0 ? { name: 'server-watchers', payload: { lobbyId, count } } : undefined;
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
    for (const listener of this.watcherListeners) listener(lobbyId);
  }

  toPlayer(playerId: string, b: Broadcast): void {
    for (const s of this.sockets.get(playerId) ?? []) s.emit(b.name, b.payload as never);
  }

  toSocket(socket: GameSocket, b: Broadcast): void {
    socket.emit(b.name, b.payload as never);
  }
}
