/**
 * The socket.io edge (ARCHITECTURE §5.1, PROTOCOL §3): the connection guard admits each connection, the
 * greeter greets it, and the request runner answers every client event from one table of handlers
 * (`request-handlers.ts`): the payload parsed with the shared zod schema, the player's rate limit applied,
 * one service method called and the acknowledgement returned. Invalid and over-the-limit frames count
 * against the socket (slowed, then dropped).
 */
import { Inject, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { LIMITS } from '@four-banners/protocol';
import { MetricsService } from '../common/metrics.service.js';
import { LobbyHub, type GameServer, type GameSocket } from '../lobby/core/lobby.hub.js';
import { PresenceService } from '../lobby/spectate/presence.service.js';
import { ConnectionGuard, socketData } from './connection-guard.service.js';
import { Greeter } from './greeting.js';
import { RequestRunner } from './request-runner.js';

@WebSocketGateway({
  path: '/api/socket',
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: LIMITS.maxMessageBytes,
  // A connection that never joins the namespace (no socket.io handshake) is closed after this long.
  connectTimeout: 10_000,
  // A connection that died without a word (a phone losing signal) is noticed within 15 s, so the player
  // is told and their presence follows (socket.io's defaults take up to 45 s).
  pingInterval: 10_000,
  pingTimeout: 5_000,
})
export class LobbyGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown
{
  constructor(
    @Inject(RequestRunner) private readonly requests: RequestRunner,
    @Inject(Greeter) private readonly greeter: Greeter,
    @Inject(ConnectionGuard) private readonly guard: ConnectionGuard,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(PresenceService) private readonly presence: PresenceService,
    @Inject(MetricsService) metrics: MetricsService,
  ) {
    metrics.gauge('fb_connections', 'Open socket connections.', () => hub.connectionCount);
  }

  /**
   * Stopping: the requests already taken are answered before storage closes; later ones are refused. Then
   * every connection is closed here, rather than by socket.io's own shutdown after this hook, so the
   * players' presence reaches the other nodes while the bus is still open (the clients reconnect, through the
   * balancer, to another node).
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.requests.stop();
    for (const socket of [...this.hub.allSockets()]) socket.conn.close();
    await this.presence.drained();
  }

  afterInit(server: GameServer): void {
    this.hub.attachServer(server);
    this.guard.install(server, (playerId) => this.greeter.prepare(playerId));
  }

  /** Listens for the socket's requests, then greets it. */
  handleConnection(socket: GameSocket): void {
    this.requests.listen(socket);
    this.greeter.greet(socket);
  }

  /** Keeps the seat; tells the lobby the player is offline once their last connection is gone. */
  handleDisconnect(socket: GameSocket): void {
    const playerId = socketData(socket).playerId;
    if (playerId) this.presence.left(socket, playerId);
  }
}
