/**
 * How a client request becomes its acknowledgement (ARCHITECTURE §5.2, PROTOCOL §3): one listener per
 * request event of the handler table (`request-handlers.ts`) on every socket, and one path for them all. The
 * payload is parsed with the protocol's schema, the player's rates are charged, the player's requests are
 * decided one after another, and the answer is acknowledged and counted (`fb_acks_total`). Invalid and
 * over-the-limit frames count against the socket (slowed, then dropped: the connection guard), and so does an
 * event nobody handles, which is still answered so that a client's ack never hangs.
 */
import { Inject, Injectable } from '@nestjs/common';
import { BaseWsExceptionFilter } from '@nestjs/websockets';
import {
  CLIENT_EVENT_NAMES,
  CLIENT_EVENT_SCHEMAS,
  type AckError,
  type ClientEventName,
  type ErrorCode,
} from '@four-banners/protocol';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { ClusterBus } from '../cluster/cluster-bus.js';
import { KeyedLock } from '../common/keyed-lock.js';
import { AppLogger } from '../common/logger.js';
import { MetricsService, type UnavailableCause } from '../common/metrics.service.js';
import { isOutage, unavailable } from '../common/outage.js';
import { LimitsService, REFUSAL_MESSAGES } from '../limits/limits.service.js';
import type { GameSocket } from '../lobby/core/lobby.hub.js';
import { DRAIN_MS, LobbyBusy, ServerStopping } from '../lobby/core/lobby.store.js';
import { fail } from '../lobby/core/requests.js';
import { LobbyService } from '../lobby/play/lobby.service.js';
import { RequestLanded } from '../storage/lobby-log.repository.js';
import { ConnectionGuard, socketData } from './connection-guard.service.js';
import { LoopShare } from './loop-share.js';
import { RequestHandlers, type AnswerOf, type RequestPayload } from './request-handlers.js';

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

/** How Nest answers a request whose handler threw: an `exception` event to the socket, and an error logged. */
const NEST_EXCEPTIONS = new BaseWsExceptionFilter();

/** An error's stack, with what it wraps (a database driver's own error, under the query builder's). */
function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.cause === undefined ? String(e.stack) : `${e.stack}\ncaused by: ${describeError(e.cause)}`;
}

/** The first issue of a failed parse, as "path: message". */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid payload.';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

@Injectable()
export class RequestRunner {
  private readonly perPlayer = new KeyedLock();
  private stopping = false;
  private unavailableLoggedAt = 0;
  /** Requests refused with `unavailable` since the last `request-unavailable` line. */
  private unavailableUnlogged = 0;

  constructor(
    @Inject(RequestHandlers) private readonly handlers: RequestHandlers,
    @Inject(LoopShare) private readonly loop: LoopShare,
    @Inject(ConnectionGuard) private readonly guard: ConnectionGuard,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(LobbyService) private readonly lobbies: LobbyService,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  /** Listens for every request on a new socket, and answers the events nobody handles. */
  listen(socket: GameSocket): void {
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
    // What a client sends is whatever it sends: the payload is parsed here, not typed by socket.io.
    const raw = socket as unknown as Socket;
    for (const event of CLIENT_EVENT_NAMES) raw.on(event, (...args: unknown[]) => this.receive(socket, event, args));
  }

  /**
   * Stops taking requests: the ones already taken are answered (within `DRAIN_MS`), later ones are refused.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.perPlayer.drained(DRAIN_MS);
  }

  /**
   * One frame of a request event. The acknowledgement callback, when the client asked for one, comes last. A
   * request without one is carried out all the same, unanswered (PROTOCOL §3.1): its one argument is the
   * payload, as with a callback.
   */
  private receive(socket: GameSocket, event: ClientEventName, args: unknown[]): void {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
    const body = args.length === 1 ? args[0] : args;
    this.answer(socket, event, body).then(
      (answer) => ack?.(answer),
      (e: unknown) => NEST_EXCEPTIONS.handleError(socket, e, { pattern: event, data: body }),
    );
  }

  /**
   * invalid_payload → rate_limited → the service's decision (PROTOCOL §3.4 precedence). Every limit is the
   * player's own, shared by all their connections; an invalid or over-the-limit frame also counts against
   * this socket.
   */
  async answer<E extends ClientEventName>(
    socket: GameSocket,
    event: E,
    body: unknown,
  ): Promise<AnswerOf<E> | AckError> {
    const answer = await this.decide(socket, event, body);
    this.metrics.acked(event, answer.ok ? 'ok' : answer.error.code);
    return answer;
  }

  private async decide<E extends ClientEventName>(
    socket: GameSocket,
    event: E,
    body: unknown,
  ): Promise<AnswerOf<E> | AckError> {
    const schema: z.ZodType = CLIENT_EVENT_SCHEMAS[event];
    const parsed = schema.safeParse(body);
    if (!parsed.success) return this.guard.strike(socket) ?? fail('invalid_payload', describe(parsed.error));
    const payload = parsed.data as RequestPayload<E>;
    const { playerId } = socketData(socket);
    if (this.stopping) return this.refuseUnavailable('stopping', STOPPING);
    const { limits, lane = 'play', run } = this.handlers.table[event];
    const { requestId } = payload as { requestId?: string };
    try {
      const refused = limits.length > 0 ? await this.limits.refusedPlayer(limits, playerId) : undefined;
      if (refused) return this.guard.strike(socket) ?? fail('rate_limited', REFUSAL_MESSAGES[refused]);
      // A player's requests are decided one after another, in the order they arrived (from any of their sockets).
      return await this.perPlayer.run(playerId, async () => {
        // A busy server starts it on a later turn of the event loop, moves before seats (loop-share.ts).
        const wait = this.loop.turn(lane);
        if (wait !== null) await wait;
        const answer = await run(socket, playerId, payload);
        // A request sent again after a lost answer may be refused on the state its first try made (the unit
        // has moved): if that try landed, it is answered with the seq it committed (PROTOCOL §3.5).
        if (!answer.ok && requestId !== undefined) {
          const seq = await this.lobbies.landed(playerId, requestId);
          if (seq !== null) return { ok: true, seq } as AnswerOf<E>;
        }
        // Several nodes: a refusal may rest on this node's copy missing another node's commit it has not
        // heard of yet (the opponent's pass: "not your turn"). Decided once more on the log's tail.
        if (answer.ok || !this.bus.peers || !RECHECKED.has(answer.error.code)) return answer;
        const target = (payload as { lobbyId?: unknown }).lobbyId;
        await this.lobbies.catchUp(playerId, typeof target === 'string' ? target : undefined);
        return run(socket, playerId, payload);
      });
    } catch (e) {
      // The first try of this request committed and its answer was lost: nothing written twice.
      if (e instanceof RequestLanded) return { ok: true, seq: e.seq } as AnswerOf<E>;
      if (e instanceof LobbyBusy)
        return this.refuseUnavailable('busy', 'The lobby changed too often meanwhile: try again.');
      if (e instanceof ServerStopping) return this.refuseUnavailable('stopping', STOPPING);
      if (isOutage(e)) {
        // The transaction rolled back or never began; or its commit's answer was lost, and then the log has
        // it and the next request folds it in (the append at the same seq conflicts and reads the tail).
        this.logUnavailable(playerId, event, e);
        return this.refuseUnavailable('storage', "The game server's storage cannot be reached: try again in a moment.");
      }
      // Only a bug gets here; nothing was written (the transaction rolled back or never began).
      this.logger.error('request-failed', { player: playerId, error: describeError(e) });
      return fail('not_actable', 'The server could not do that.');
    }
  }

  /**
   * One `request-unavailable` line per second at most, with how many were refused since the last: an outage
   * refuses every player's requests, and the log must not grow with them.
   */
  private logUnavailable(playerId: string, event: string, e: unknown): void {
    const now = Date.now();
    if (now - this.unavailableLoggedAt < 1000) {
      this.unavailableUnlogged++;
      return;
    }
    this.logger.warn('request-unavailable', {
      player: playerId,
      event,
      alsoRefused: this.unavailableUnlogged,
      error: describeError(e),
    });
    this.unavailableLoggedAt = now;
    this.unavailableUnlogged = 0;
  }

  private refuseUnavailable(cause: UnavailableCause, message: string): AckError {
    this.metrics.refusedUnavailable(cause);
    return unavailable(cause, message);
  }
}
