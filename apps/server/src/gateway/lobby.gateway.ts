/**
 * The socket.io edge (ARCHITECTURE §5.1, PROTOCOL §3): the connection guard admits each connection and greets it; then
 * for every client event the payload is parsed with the shared zod schema, the player's rate limit is
 * applied, one service method is called and the acknowledgement returned. Invalid and over-the-limit
 * frames count against the socket (slowed, then dropped).
 */
import { Inject, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { isGameOver } from '@four-banners/engine';
import {
  CLIENT_EVENT_NAMES,
  LIMITS,
  addBotSchema,
  addLocalSchema,
  backSchema,
  changeCountrySchema,
  chatMessageSchema,
  clientGameActionSchema,
  createLobbySchema,
  joinLobbySchema,
  leaveLobbySchema,
  loadSaveSchema,
  lobbyUpdateSchema,
  quickMatchSchema,
  quickStartSchema,
  rematchSchema,
  reportSchema,
  syncStateSchema,
  unwatchLobbySchema,
  adminWatchSchema,
  watchLobbySchema,
  type Ack,
  type AckError,
  type ClientEventName,
  type ErrorCode,
  type SyncAck,
  type WatchAck,
} from '@four-banners/protocol';
import type { z } from 'zod';
import { ClusterBus } from '../cluster/cluster-bus.js';
import { ConnectionGuard, socketData } from './connection-guard.service.js';
import { LimitsService, REFUSAL_MESSAGES, type PlayerLimit } from '../limits/limits.service.js';
import { AppLogger } from '../common/logger.js';
import { MetricsService } from '../common/metrics.service.js';
import { LobbyHub, type GameServer, type GameSocket } from '../lobby/core/lobby.hub.js';
import { WatcherRegistry } from '../lobby/core/watchers.js';
import { KeyedLock } from '../common/keyed-lock.js';
import { LobbyCache } from '../lobby/core/lobby-cache.js';
import { GameService } from '../lobby/play/game.service.js';
import { LobbyService } from '../lobby/play/lobby.service.js';
import { fail } from '../lobby/core/requests.js';
import { PresenceService } from '../lobby/spectate/presence.service.js';
import { QuickMatchService } from '../lobby/play/quick-match.service.js';
import { ReportsService } from '../lobby/moderation/reports.service.js';
import { DRAIN_MS, LobbyBusy, ServerStopping } from '../lobby/core/lobby.store.js';
import { LobbyLogRepository } from '../storage/lobby-log.repository.js';
import { ResyncService } from '../lobby/spectate/resync.service.js';
import { WatchService } from '../lobby/spectate/watch.service.js';
import { TurnClock } from '../lobby/play/turn-clock.service.js';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { adminOf } from '../http/admin.guard.js';

const KNOWN_EVENTS: ReadonlySet<string> = new Set(CLIENT_EVENT_NAMES);

/** The refusal of a request that came after the server began to stop. */
const STOPPING = 'The server is restarting: try again in a moment.';

/** Refusals that depend on the lobby's state, so a node behind the log may give them wrongly. */
const RECHECKED: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'not_found',
  'not_in_lobby',
  'lobby_full',
  'not_admin',
  'game_running',
  'game_over',
  'not_your_turn',
  'not_actable',
]);

/** An error's stack, with what it wraps (a database driver's own error, under the query builder's). */
function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause === undefined ? String(e.stack) : `${e.stack}\ncaused by: ${describeError(e.cause)}`;
}

/** What the greeting of a player needs from storage, read during their handshake. */
interface Greeting {
  /** The rematch of the finished game they still sit in (null: none). */
  readonly rematchId: string | null;
}

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
  private readonly perPlayer = new KeyedLock();
  private stopping = false;

  constructor(
    @Inject(LobbyService) private readonly lobbies: LobbyService,
    @Inject(GameService) private readonly games: GameService,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(ResyncService) private readonly resync: ResyncService,
    @Inject(WatchService) private readonly watching: WatchService,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(WatcherRegistry) private readonly watchers: WatcherRegistry,
    @Inject(ConnectionGuard) private readonly guard: ConnectionGuard,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(PresenceService) private readonly presence: PresenceService,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
    @Inject(QuickMatchService) private readonly quick: QuickMatchService,
    @Inject(TurnClock) private readonly clock: TurnClock,
    @Inject(ReportsService) private readonly reports: ReportsService,
    @Inject(CONFIG) private readonly config: ServerConfig,
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
    this.stopping = true;
    await this.perPlayer.drained(DRAIN_MS);
    for (const socket of [...this.hub.allSockets()]) socket.conn.close();
    await this.presence.drained();
  }

  afterInit(server: GameServer): void {
    this.hub.attachServer(server);
    this.guard.install(server, (playerId) => this.prepareGreeting(playerId));
  }

  /** Reads the seat (restoring its lobby) and the rematch of a finished game, for `handleConnection`. */
  private async prepareGreeting(playerId: string): Promise<Greeting> {
    const lobby = await this.cache.seatOf(playerId);
    return { rematchId: lobby && isGameOver(lobby.game) ? await this.log.rematchOf(lobby.lobbyId) : null };
  }

  /**
   * Greets with `server-hello` (with the rematch of a finished game the player still sits in), puts the
   * socket in its lobby's room and tells the lobby it is online.
   */
  handleConnection(socket: GameSocket): void {
    const who = socketData(socket);
    // An event nobody handles still gets an answer, so a client's ack never hangs; it counts as invalid.
    // The parser also lets numbers through as event names: never assume a string.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (typeof event === 'string' && KNOWN_EVENTS.has(event)) return;
      const name = String(event).slice(0, 64);
      const answer = this.guard.strike(socket) ?? fail('invalid_payload', `Unknown event "${name}".`);
      this.metrics.acked('unknown', answer.error.code);
      const ack = args.at(-1);
      if (typeof ack === 'function') ack(answer);
    });
    const cameOnline = this.hub.attach(socket, who.playerId);
    who.settle();
    // The handshake read the seat into memory (prepareGreeting): no query here, so the greeting goes out first.
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

  /** Keeps the seat; tells the lobby the player is offline once their last connection is gone. */
  handleDisconnect(socket: GameSocket): void {
    const playerId = socketData(socket).playerId;
    if (playerId) this.presence.left(socket, playerId);
  }

  @SubscribeMessage('client-create-lobby')
  createLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-create-lobby', body, createLobbySchema, ['lobby'], (me, p) =>
      this.lobbies.createLobby(me, p),
    );
  }

  @SubscribeMessage('client-join-lobby')
  joinLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-join-lobby', body, joinLobbySchema, ['lobby'], (me, p) =>
      this.lobbies.joinLobby(me, p),
    );
  }

  @SubscribeMessage('client-leave-lobby')
  leaveLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-leave-lobby', body, leaveLobbySchema, ['lobby'], (me, p) =>
      this.lobbies.leaveLobby(me, p),
    );
  }

  @SubscribeMessage('client-lobby-update')
  updateLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-lobby-update', body, lobbyUpdateSchema, ['actions'], (me, p) =>
      this.lobbies.updateLobby(me, p),
    );
  }

  @SubscribeMessage('client-change-country')
  changeCountry(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-change-country', body, changeCountrySchema, ['actions'], (me, p) =>
      this.lobbies.changeCountry(me, p),
    );
  }

  @SubscribeMessage('client-add-bot')
  addBot(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-add-bot', body, addBotSchema, ['actions'], (me, p) =>
      this.lobbies.addBot(me, p),
    );
  }

  @SubscribeMessage('client-add-local')
  addLocal(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-add-local', body, addLocalSchema, ['actions'], (me, p) =>
      this.lobbies.addLocal(me, p),
    );
  }

  @SubscribeMessage('client-chat-message')
  chat(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-chat-message', body, chatMessageSchema, ['chat'], (me, p) =>
      this.lobbies.chat(me, p.message),
    );
  }

  @SubscribeMessage('client-sync-state')
  sync(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<SyncAck | AckError> {
    return this.handle(socket, 'client-sync-state', body, syncStateSchema, ['sync'], (me, p) =>
      this.resync.sync(me, socketData(socket).address, p),
    );
  }

  @SubscribeMessage('client-load-save')
  loadSave(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-load-save', body, loadSaveSchema, ['saves'], (me, p) =>
      this.games.loadSave(me, p),
    );
  }

  @SubscribeMessage('client-game-action')
  gameAction(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-game-action', body, clientGameActionSchema, ['actions'], (me, p) =>
      this.games.gameAction(me, p),
    );
  }

  @SubscribeMessage('client-watch-lobby')
  watchLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<WatchAck | AckError> {
    return this.handle(socket, 'client-watch-lobby', body, watchLobbySchema, ['watch', 'sync'], (me, p) =>
      this.watching.watch(socket, me, socketData(socket).address, p),
    );
  }

  @SubscribeMessage('client-unwatch-lobby')
  unwatchLobby(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-unwatch-lobby', body, unwatchLobbySchema, ['actions'], () =>
      this.watching.unwatch(socket),
    );
  }

  /**
   * An operator follows a lobby (PROTOCOL §4.9): the admin token is checked in constant time, and wrong ones
   * count against the address (`admin_failures`) as the admin API's do.
   */
  @SubscribeMessage('client-admin-watch')
  adminWatch(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<WatchAck | AckError> {
    return this.handle(socket, 'client-admin-watch', body, adminWatchSchema, ['watch', 'sync'], async (me, p) => {
      const address = socketData(socket).address;
      if (!adminOf(this.config.adminTokens, p.token)) {
        if (!(await this.limits.allowAddress('admin_failures', address)))
          return fail('rate_limited', REFUSAL_MESSAGES.admin_failures);
        return fail('unauthorized', 'That is not an admin token.');
      }
      return this.watching.follow(socket, me, address, p);
    });
  }

  @SubscribeMessage('client-rematch')
  rematch(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-rematch', body, rematchSchema, ['lobby'], (me) => this.lobbies.rematch(me));
  }

  @SubscribeMessage('client-quick-match')
  quickMatch(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-quick-match', body, quickMatchSchema, ['quick_match'], (me, p) =>
      this.quick.quickMatch(me, socketData(socket).address, p),
    );
  }

  @SubscribeMessage('client-quick-start')
  quickStart(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-quick-start', body, quickStartSchema, ['actions'], (me) =>
      this.quick.quickStart(me),
    );
  }

  /** An away person takes their country back (PROTOCOL §4.8). */
  @SubscribeMessage('client-back')
  back(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-back', body, backSchema, ['actions'], (me) => this.clock.back(me));
  }

  /** A report about another person of the lobby, for the operators (PROTOCOL §4.9). */
  @SubscribeMessage('client-report')
  report(@ConnectedSocket() socket: GameSocket, @MessageBody() body: unknown): Promise<Ack | AckError> {
    return this.handle(socket, 'client-report', body, reportSchema, ['reports'], (me, p) =>
      this.reports.report(me, socketData(socket).address, p),
    );
  }

  /**
   * invalid_payload → rate_limited → the service's decision (PROTOCOL §3.4 precedence). Every limit in
   * `limits` is the player's own, shared by all their connections; an invalid or over-the-limit frame
   * also counts against this socket.
   */
  private async handle<S extends z.ZodType, R extends Ack | SyncAck | WatchAck>(
    socket: GameSocket,
    event: ClientEventName,
    body: unknown,
    schema: S,
    limits: readonly PlayerLimit[],
    run: (playerId: string, payload: z.output<S>) => Promise<R>,
  ): Promise<R | AckError> {
    const answer = await this.decide(socket, body, schema, limits, run);
    this.metrics.acked(event, answer.ok ? 'ok' : answer.error.code);
    return answer;
  }

  private async decide<S extends z.ZodType, R extends Ack | SyncAck | WatchAck>(
    socket: GameSocket,
    body: unknown,
    schema: S,
    limits: readonly PlayerLimit[],
    run: (playerId: string, payload: z.output<S>) => Promise<R>,
  ): Promise<R | AckError> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return this.guard.strike(socket) ?? fail('invalid_payload', describe(parsed.error));
    const { playerId } = socketData(socket);
    if (this.stopping) return fail('not_actable', STOPPING);
    const refused = limits.length > 0 ? await this.limits.refusedPlayer(limits, playerId) : undefined;
    if (refused) return this.guard.strike(socket) ?? fail('rate_limited', REFUSAL_MESSAGES[refused]);
    try {
      // A player's requests are decided one after another, in the order they arrived (from any of their sockets).
      return await this.perPlayer.run(playerId, async () => {
        const answer = await run(playerId, parsed.data);
        // Several nodes: a refusal may rest on this node's copy missing another node's commit it has not
        // heard of yet (the opponent's pass: "not your turn"). Decided once more on the log's tail.
        if (answer.ok || !this.bus.peers || !RECHECKED.has(answer.error.code)) return answer;
        const target = (parsed.data as { lobbyId?: unknown }).lobbyId;
        await this.lobbies.catchUp(playerId, typeof target === 'string' ? target : undefined);
        return run(playerId, parsed.data);
      });
    } catch (e) {
      if (e instanceof LobbyBusy) return fail('not_actable', 'The lobby changed too often meanwhile: try again.');
      if (e instanceof ServerStopping) return fail('not_actable', STOPPING);
      // Only a bug gets here; nothing was written (the transaction rolled back or never began).
      this.logger.error('request-failed', { player: playerId, error: describeError(e) });
      return fail('not_actable', 'The server could not do that.');
    }
  }
}
