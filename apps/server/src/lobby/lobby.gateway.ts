/**
 * The socket.io edge (DESIGN.md §5): greets each connection, then for every client event parses the
 * payload with the shared zod schema, applies the rate limit, calls one service method and returns
 * the acknowledgement.
 */
import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  CLIENT_EVENT_NAMES,
  LIMITS,
  addBotSchema,
  addLocalSchema,
  changeCountrySchema,
  chatMessageSchema,
  clientGameActionSchema,
  createLobbySchema,
  joinLobbySchema,
  leaveLobbySchema,
  loadSaveSchema,
  lobbyUpdateSchema,
  syncStateSchema,
  type Ack,
  type AckError,
  type SyncAck,
} from '@four-banners/protocol';
import type { z } from 'zod';
import { CONFIG, type ServerConfig } from '../config.js';
import { AppLogger } from '../logger.js';
import { IdentityService } from './identity.service.js';
import { LobbyHub, type GameServer, type GameSocket } from './lobby.hub.js';
import { LobbyService, fail } from './lobby.service.js';
import { TokenBucket } from './rate-limit.js';

interface SocketData {
  playerId: string;
  chat: TokenBucket;
  actions: TokenBucket;
}

const data = (socket: GameSocket) => socket.data as SocketData;
const KNOWN_EVENTS: ReadonlySet<string> = new Set(CLIENT_EVENT_NAMES);

/** The first issue of a failed parse, as "path: message". */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid payload.';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

@WebSocketGateway({
  path: '/api/socket',
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: LIMITS.maxMessageBytes,
})
export class LobbyGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  constructor(
    @Inject(LobbyService) private readonly lobbies: LobbyService,
    @Inject(IdentityService) private readonly identity: IdentityService,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(CONFIG) private readonly config: ServerConfig,
  ) {}

  afterInit(server: GameServer): void {
    this.hub.attachServer(server);
  }

  /** Greets with `server-hello`, puts the socket in its lobby's room and tells the lobby it is online. */
  handleConnection(socket: GameSocket): void {
    const who = this.identity.resolve(socket.handshake.auth);
    Object.assign(socket.data, {
      playerId: who.playerId,
      chat: new TokenBucket(this.config.chatLimit),
      actions: new TokenBucket(this.config.actionLimit),
    } satisfies SocketData);
    // An event nobody handles still gets an answer, so a client's ack never hangs.
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = args.at(-1);
      if (!KNOWN_EVENTS.has(event) && typeof ack === 'function')
        ack(fail('invalid_payload', `Unknown event "${event}".`));
    });
    const cameOnline = this.hub.attach(socket, who.playerId);
    const lobby = this.lobbies.seatOf(who.playerId);
    if (lobby) this.hub.joinSocket(socket, lobby.lobbyId);
    socket.emit('server-hello', {
      playerId: who.playerId,
      token: who.token,
      lobbyId: lobby?.lobbyId ?? null,
      seq: lobby?.seq ?? 0,
    });
    if (!lobby) return;
    if (cameOnline)
      this.hub.toLobby(lobby.lobbyId, { name: 'server-presence', payload: { playerId: who.playerId, online: true } });
    for (const seat of lobby.players) {
      if (seat.id !== who.playerId && !seat.bot && !seat.local && this.hub.isOnline(seat.id)) {
        this.hub.toSocket(socket, { name: 'server-presence', payload: { playerId: seat.id, online: true } });
      }
    }
  }

  /** Keeps the seat; tells the lobby the player is offline once their last connection is gone. */
  handleDisconnect(socket: GameSocket): void {
    const playerId = data(socket).playerId;
    if (!playerId || !this.hub.detach(socket, playerId)) return;
    const lobby = this.lobbies.seatOf(playerId);
    if (lobby) this.hub.toLobby(lobby.lobbyId, { name: 'server-presence', payload: { playerId, online: false } });
  }

  @SubscribeMessage('client-create-lobby')
  createLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, createLobbySchema, 'actions', (me, p) => this.lobbies.createLobby(me, p));
  }

  @SubscribeMessage('client-join-lobby')
  joinLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, joinLobbySchema, 'actions', (me, p) => this.lobbies.joinLobby(me, p));
  }

  @SubscribeMessage('client-leave-lobby')
  leaveLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, leaveLobbySchema, 'actions', (me, p) => this.lobbies.leaveLobby(me, p));
  }

  @SubscribeMessage('client-lobby-update')
  updateLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, lobbyUpdateSchema, 'actions', (me, p) => this.lobbies.updateLobby(me, p));
  }

  @SubscribeMessage('client-change-country')
  changeCountry(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, changeCountrySchema, 'actions', (me, p) => this.lobbies.changeCountry(me, p));
  }

  @SubscribeMessage('client-add-bot')
  addBot(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, addBotSchema, 'actions', (me, p) => this.lobbies.addBot(me, p));
  }

  @SubscribeMessage('client-add-local')
  addLocal(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, addLocalSchema, 'actions', (me, p) => this.lobbies.addLocal(me, p));
  }

  @SubscribeMessage('client-chat-message')
  chat(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, chatMessageSchema, 'chat', (me, p) => this.lobbies.chat(me, p.message));
  }

  @SubscribeMessage('client-sync-state')
  sync(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): SyncAck {
    return this.handle(socket, body, syncStateSchema, 'actions', (me, p) => this.lobbies.sync(me, p));
  }

  @SubscribeMessage('client-load-save')
  loadSave(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, loadSaveSchema, 'actions', (me, p) => this.lobbies.loadSave(me, p));
  }

  @SubscribeMessage('client-game-action')
  gameAction(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Ack {
    return this.handle(socket, body, clientGameActionSchema, 'actions', (me, p) => this.lobbies.gameAction(me, p));
  }

  /** invalid_payload → rate_limited → the service's decision (DESIGN.md §5.1 precedence). */
  private handle<S extends z.ZodType, R extends Ack | SyncAck>(
    socket: GameSocket,
    body: unknown,
    schema: S,
    bucket: 'chat' | 'actions',
    run: (playerId: string, payload: z.output<S>) => R,
  ): R | AckError {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return fail('invalid_payload', describe(parsed.error));
    const d = data(socket);
    if (!d[bucket].take()) return fail('rate_limited', 'Too many requests: slow down.');
    try {
      return run(d.playerId, parsed.data);
    } catch (e) {
      // Only a bug gets here; nothing was written (the transaction rolled back or never began).
      this.logger.error('request-failed', { player: d.playerId, error: e instanceof Error ? e.stack : String(e) });
      return fail('not_actable', 'The server could not do that.');
    }
  }
}
