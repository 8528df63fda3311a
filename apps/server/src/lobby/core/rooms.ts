/**
 * A lobby's socket.io rooms and the one emit that reaches them (ARCHITECTURE §5.7): its players sit in
 * `lobby:<id>`, the operators following it (`client-admin-watch`, PROTOCOL §4.9) in `admin:<id>` and its
 * watchers in `watch:<id>`. Players and operators get every broadcast as it is; watchers get it with chat text
 * blanked (PROTOCOL §4.5), in the same emit when that changes nothing (socket.io then encodes it once for
 * every room).
 */
import { forWatchers, type Broadcast, type ServerToClientEvents } from '@four-banners/protocol';
import type { Server } from 'socket.io';

export const lobbyRoom = (lobbyId: string) => `lobby:${lobbyId}`;
export const watchRoom = (lobbyId: string) => `watch:${lobbyId}`;
export const adminRoom = (lobbyId: string) => `admin:${lobbyId}`;

/** What a broadcast goes through: the socket.io server (every node) or its `local` side (this node only). */
export type RoomEmitter = Pick<Server<Record<string, never>, ServerToClientEvents>['local'], 'to'>;

/** Which of the lobby's rooms besides its players' may hold someone; an empty room is left out of the emit. */
export interface Audience {
  readonly operators: boolean;
  readonly watchers: boolean;
}

/** Emits `b` to the lobby's players, and to its operators and watchers as `audience` says. */
export function emitToLobbyRooms(to: RoomEmitter, lobbyId: string, b: Broadcast, audience: Audience): void {
  const seats = audience.operators ? to.to(lobbyRoom(lobbyId)).to(adminRoom(lobbyId)) : to.to(lobbyRoom(lobbyId));
  if (!audience.watchers) {
    seats.emit(b.name, b.payload as never);
    return;
  }
  const seen = forWatchers(b);
  if (seen === b) seats.to(watchRoom(lobbyId)).emit(b.name, b.payload as never);
  else {
    seats.emit(b.name, b.payload as never);
    to.to(watchRoom(lobbyId))
      .except(lobbyRoom(lobbyId))
      .except(adminRoom(lobbyId))
      .emit(seen.name, seen.payload as never);
  }
}
