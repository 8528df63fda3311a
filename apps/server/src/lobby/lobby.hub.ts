/** The live sockets: which player holds which connections, lobby rooms, and emitting to them. */
import { Injectable } from '@nestjs/common';
import type { ServerToClientEvents } from '@four-banners/protocol';
import type { Server, Socket } from 'socket.io';
import type { Broadcast } from './broadcasts.js';

export type GameServer = Server<Record<string, never>, ServerToClientEvents>;
export type GameSocket = Socket<Record<string, never>, ServerToClientEvents>;

const room = (lobbyId: string) => `lobby:${lobbyId}`;

@Injectable()
export class LobbyHub {
  private server: GameServer | null = null;
  private readonly sockets = new Map<string, Set<GameSocket>>();
  private readonly presenceListeners: ((playerId: string, online: boolean) => void)[] = [];
  private connections = 0;

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

  /** Forgets a connection; true when it was the player's last one. */
  detach(socket: GameSocket, playerId: string): boolean {
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

  /** Puts every connection of the player in the lobby's room. */
  joinRoom(playerId: string, lobbyId: string): void {
    for (const s of this.sockets.get(playerId) ?? []) void s.join(room(lobbyId));
  }

  joinSocket(socket: GameSocket, lobbyId: string): void {
    void socket.join(room(lobbyId));
  }

  leaveRoom(playerId: string, lobbyId: string): void {
    for (const s of this.sockets.get(playerId) ?? []) void s.leave(room(lobbyId));
  }

  /** Empties a closed lobby's room. */
  clearRoom(lobbyId: string): void {
    this.server?.in(room(lobbyId)).socketsLeave(room(lobbyId));
  }

  toLobby(lobbyId: string, b: Broadcast): void {
    this.server?.to(room(lobbyId)).emit(b.name, b.payload as never);
  }

  toPlayer(playerId: string, b: Broadcast): void {
    for (const s of this.sockets.get(playerId) ?? []) s.emit(b.name, b.payload as never);
  }

  toSocket(socket: GameSocket, b: Broadcast): void {
    socket.emit(b.name, b.payload as never);
  }
}
