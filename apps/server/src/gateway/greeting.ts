/**
 * The greeting of a new connection (PROTOCOL §2.3): while the handshake is held, the player's seat is read
 * (restoring its lobby) with the rematch of a finished game they still sit in; once connected, the socket is
 * counted by the hub, greeted with `server-hello`, put in its lobby's room, told how many watch the lobby,
 * and the lobby is told the player is online.
 */
import { Inject, Injectable } from '@nestjs/common';
import { isGameOver } from '@four-banners/engine';
import { LobbyCache } from '../lobby/core/lobby-cache.js';
import { LobbyHub, type GameSocket } from '../lobby/core/lobby.hub.js';
import { WatcherRegistry } from '../lobby/core/watchers.js';
import { PresenceService } from '../lobby/spectate/presence.service.js';
import { LobbyLogRepository } from '../storage/lobby-log.repository.js';
import { socketData } from './connection-guard.service.js';

/** What the greeting of a player needs from storage, read during their handshake. */
interface Greeting {
  /** The rematch of the finished game they still sit in (null: none). */
  readonly rematchId: string | null;
}

@Injectable()
export class Greeter {
  constructor(
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(WatcherRegistry) private readonly watchers: WatcherRegistry,
    @Inject(PresenceService) private readonly presence: PresenceService,
  ) {}

  /** Reads the seat (restoring its lobby) and the rematch of a finished game, for `greet`. */
  async prepare(playerId: string): Promise<Greeting> {
    const lobby = await this.cache.seatOf(playerId);
    return { rematchId: lobby && isGameOver(lobby.game) ? await this.log.rematchOf(lobby.lobbyId) : null };
  }

  /**
   * Greets with `server-hello` (with the rematch of a finished game the player still sits in), puts the
   * socket in its lobby's room and tells the lobby it is online.
   */
  greet(socket: GameSocket): void {
    const who = socketData(socket);
    const cameOnline = this.hub.attach(socket, who.playerId);
    who.settle();
    // The handshake read the seat into memory (prepare): no query here, so the greeting goes out first.
    const lobby = this.cache.knownSeatOf(who.playerId);
    if (lobby) this.hub.joinSocket(socket, lobby.lobbyId);
    const rematchId = lobby && isGameOver(lobby.game) ? (who.greeting as Greeting).rematchId : null;
    socket.emit('server-hello', {
      playerId: who.playerId,
      token: who.token,
      lobbyId: lobby?.lobbyId ?? null,
      seq: lobby?.seq ?? 0,
      ...(rematchId ? { rematchId } : {}),
    });
    if (!lobby) return;
    this.watchers.tellWatchers(lobby.lobbyId, (notice) => this.hub.toSocket(socket, notice));
    this.presence.arrived(socket, who.playerId, lobby, cameOnline);
  }
}
