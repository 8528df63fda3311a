/**
 * Which service answers each client request (ARCHITECTURE §5.2, PROTOCOL §3): one table keyed by the
 * protocol's request events (`CLIENT_EVENT_SCHEMAS`), each entry the player's rates the request is charged to
 * and the one service call that decides it. The table is typed by the protocol, so a missing event, a handler
 * of another payload or one giving another acknowledgement does not compile. The request runner
 * (`request-runner.ts`) parses, charges and queues a request before it calls its entry.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { CLIENT_EVENT_SCHEMAS, ClientEventName, ClientToServerEvents } from '@four-banners/protocol';
import type { z } from 'zod';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { LimitsService, REFUSAL_MESSAGES, type PlayerLimit } from '../limits/limits.service.js';
import type { GameSocket } from '../lobby/core/lobby.hub.js';
import { fail } from '../lobby/core/requests.js';
import { ReportsService } from '../lobby/moderation/reports.service.js';
import { GameService } from '../lobby/play/game.service.js';
import { LobbyService } from '../lobby/play/lobby.service.js';
import { QuickMatchService } from '../lobby/play/quick-match.service.js';
import { TurnClock } from '../lobby/play/turn-clock.service.js';
import { ResyncService } from '../lobby/spectate/resync.service.js';
import { WatchService } from '../lobby/spectate/watch.service.js';
import { adminOf } from '../http/admin.guard.js';
import { socketData } from './connection-guard.service.js';
import type { Lane } from './loop-share.js';

/** A request's payload once its schema parsed it. */
export type RequestPayload<E extends ClientEventName> = z.output<(typeof CLIENT_EVENT_SCHEMAS)[E]>;

/** What a request's acknowledgement carries (`Ack`, `SyncAck` or `WatchAck`). */
export type AnswerOf<E extends ClientEventName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

export interface RequestHandler<E extends ClientEventName> {
  /** The player's own rates the request is charged to (shared by all their connections). */
  readonly limits: readonly PlayerLimit[];
  /** Whose turn of the event loop it waits for when the server is busy (`loop-share.ts`); `play` unless said. */
  readonly lane?: Lane;
  /** Decides the request of `playerId`, sent on `socket`. */
  readonly run: (socket: GameSocket, playerId: string, payload: RequestPayload<E>) => Promise<AnswerOf<E>>;
}

/** Every client request event and its handler. */
export type RequestHandlerTable = { readonly [E in ClientEventName]: RequestHandler<E> };

@Injectable()
export class RequestHandlers {
  readonly table: RequestHandlerTable;

  constructor(
    @Inject(LobbyService) private readonly lobbies: LobbyService,
    @Inject(GameService) private readonly games: GameService,
    @Inject(ResyncService) private readonly resync: ResyncService,
    @Inject(WatchService) private readonly watching: WatchService,
    @Inject(QuickMatchService) private readonly quick: QuickMatchService,
    @Inject(TurnClock) private readonly clock: TurnClock,
    @Inject(ReportsService) private readonly reports: ReportsService,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(CONFIG) private readonly config: ServerConfig,
  ) {
    const address = (socket: GameSocket) => socketData(socket).address;
    this.table = {
      'client-create-lobby': { limits: ['lobby'], lane: 'seating', run: (_, me, p) => this.lobbies.createLobby(me, p) },
      'client-join-lobby': { limits: ['lobby'], lane: 'seating', run: (_, me, p) => this.lobbies.joinLobby(me, p) },
      'client-leave-lobby': { limits: ['lobby'], lane: 'seating', run: (_, me, p) => this.lobbies.leaveLobby(me, p) },
      'client-lobby-update': { limits: ['actions'], run: (_, me, p) => this.lobbies.updateLobby(me, p) },
      'client-change-country': { limits: ['actions'], run: (_, me, p) => this.lobbies.changeCountry(me, p) },
      'client-add-bot': { limits: ['actions'], run: (_, me, p) => this.lobbies.addBot(me, p) },
      'client-add-local': { limits: ['actions'], run: (_, me, p) => this.lobbies.addLocal(me, p) },
      'client-chat-message': { limits: ['chat'], run: (_, me, p) => this.lobbies.chat(me, p.message, p.requestId) },
      'client-sync-state': { limits: ['sync'], run: (socket, me, p) => this.resync.sync(me, address(socket), p) },
      'client-load-save': { limits: ['saves'], run: (_, me, p) => this.games.loadSave(me, p) },
      'client-game-action': {
        limits: ['actions'],
        run: (_, me, { requestId, ...action }) => this.games.gameAction(me, action, requestId),
      },
      'client-watch-lobby': {
        limits: ['watch', 'sync'],
        run: (socket, me, p) => this.watching.watch(socket, me, address(socket), p),
      },
      'client-unwatch-lobby': { limits: ['actions'], run: (socket) => this.watching.unwatch(socket) },
      'client-rematch': { limits: ['lobby'], lane: 'seating', run: (_, me) => this.lobbies.rematch(me) },
      'client-quick-match': {
        limits: ['quick_match'],
        lane: 'seating',
        run: (socket, me, p) => this.quick.quickMatch(me, address(socket), p),
      },
      'client-quick-start': { limits: ['actions'], run: (_, me) => this.quick.quickStart(me) },
      // An away person takes their country back (PROTOCOL §4.8).
      'client-back': { limits: ['actions'], run: (_, me) => this.clock.back(me) },
      // A report about another person of the lobby, for the operators (PROTOCOL §4.9).
      'client-report': { limits: ['reports'], run: (socket, me, p) => this.reports.report(me, address(socket), p) },
      'client-admin-watch': { limits: ['watch', 'sync'], run: (socket, me, p) => this.adminWatch(socket, me, p) },
    };
  }

  /**
   * An operator follows a lobby (PROTOCOL §4.9): the admin token is checked in constant time, and wrong ones
   * count against the address (`admin_failures`) as the admin API's do.
   */
  private async adminWatch(
    socket: GameSocket,
    me: string,
    p: RequestPayload<'client-admin-watch'>,
  ): Promise<AnswerOf<'client-admin-watch'>> {
    const address = socketData(socket).address;
    if (!adminOf(this.config.adminTokens, p.token)) {
      if (!(await this.limits.allowAddress('admin_failures', address)))
        return fail('rate_limited', REFUSAL_MESSAGES.admin_failures);
      return fail('unauthorized', 'That is not an admin token.');
    }
    return this.watching.follow(socket, me, address, p);
  }
}
