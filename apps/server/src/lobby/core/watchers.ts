/**
 * Who watches which lobby on this node (ARCHITECTURE §5.3, PROTOCOL §4.5): each watching socket, and as whom,
 * in the lobby's `watch:<id>` room; and the operators' sockets following a lobby (`client-admin-watch`,
 * PROTOCOL §4.9) in its `admin:<id>` room, who are not counted as watchers. A socket watches or follows one
 * lobby at most, never both. A change of a lobby's watcher count goes out on the bus (`watchers-changed`),
 * and the counts of every node are summed on asking. The hub sends to these rooms (`lobby.hub.ts`).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Broadcast } from '@four-banners/protocol';
import type { Socket } from 'socket.io';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { adminRoom, watchRoom } from './rooms.js';

/** A live socket, as far as watching goes: it joins and leaves rooms. */
type WatchingSocket = Pick<Socket, 'join' | 'leave'>;

@Injectable()
export class WatcherRegistry {
  /** What each watching socket watches, and as whom (a socket watches one lobby at most). */
  private readonly watching = new Map<WatchingSocket, { readonly lobbyId: string; readonly playerId: string }>();
  /** lobbyId → the people watching it → their sockets that do. */
  private readonly watchers = new Map<string, Map<string, Set<WatchingSocket>>>();
  /** Distinct people watching, summed over lobbies. */
  private watcherTotal = 0;
  /** The lobby each operator's socket follows (one at most), and how many sockets follow each lobby here. */
  private readonly following = new Map<WatchingSocket, string>();
  private readonly followers = new Map<string, number>();

  constructor(@Inject(ClusterBus) private readonly bus: ClusterBus) {}

  // ---- operators following a lobby (PROTOCOL §4.9) ----

  /** Makes an operator's socket follow the lobby (instead of anything it watched or followed before). */
  follow(socket: WatchingSocket, lobbyId: string): void {
    this.unwatch(socket);
    if (this.following.get(socket) === lobbyId) return;
    this.unfollow(socket);
    this.following.set(socket, lobbyId);
    this.followers.set(lobbyId, (this.followers.get(lobbyId) ?? 0) + 1);
    void socket.join(adminRoom(lobbyId));
  }

  /** Stops an operator's socket following its lobby; returns the lobby it followed. */
  unfollow(socket: WatchingSocket): string | undefined {
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

  /** Whether anyone watches the lobby through this node. */
  isWatched(lobbyId: string): boolean {
    return this.watchers.has(lobbyId);
  }

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
  watch(socket: WatchingSocket, playerId: string, lobbyId: string): number {
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
  unwatch(socket: WatchingSocket): string | undefined {
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

  /** A socket sits down in the lobby: a seat sees everything, so it no longer watches it. */
  seated(socket: WatchingSocket, lobbyId: string): void {
    if (this.watching.get(socket)?.lobbyId === lobbyId) this.unwatch(socket);
  }

  /** A socket is gone: it neither watches nor follows anything any more. */
  forget(socket: WatchingSocket): void {
    this.unwatch(socket);
    this.unfollow(socket);
  }

  /** A lobby closed: its operators stop following it and its watchers are sent away. */
  clear(lobbyId: string): void {
    for (const [socket, followed] of [...this.following]) if (followed === lobbyId) this.unfollow(socket);
    const people = this.watchers.get(lobbyId);
    if (!people) return;
    for (const sockets of [...people.values()]) for (const socket of [...sockets]) this.unwatch(socket);
  }

  private watchersChanged(lobbyId: string): void {
    this.bus.count('watchers', lobbyId, this.watcherCount(lobbyId));
    this.bus.emit('watchers-changed', lobbyId);
  }
}
