/**
 * The write path (ARCHITECTURE §5.2): `commit` — append in one transaction → update memory (the
 * `LobbyCache`) → log → broadcast → tell the other nodes. It also folds what other writers appended
 * (`sync`, driven by the cluster's `LobbyFollower` and by a lost append race).
 *
 * Storage is asynchronous, so a lobby's requests are serialised here: each runs in `inLobby` / `inSeat`,
 * which hold the lobby's lock from the check to the broadcast. Another writer (another node) may still append
 * first: the append then fails on the `(lobby_id, seq)` key, the lobby catches up on the log's tail and the
 * request is decided again on the new state (retried or refused).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  SERVER_ACTOR,
  applyEvent,
  isGameOver,
  lobbyStatus,
  lobbyWinner,
  type CloseReason,
  type LobbyEvent,
  type LobbyState,
  type NewLobbyEvent,
} from '@four-banners/engine';
import { LIMITS } from '@four-banners/protocol';
import { ClusterBus } from '../../cluster/cluster-bus.js';
import { FollowedLobbies, type NoticedEvents } from '../../cluster/lobby-follower.js';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { KeyedLock } from '../../common/keyed-lock.js';
import { AppLogger } from '../../common/logger.js';
import { MetricsService } from '../../common/metrics.service.js';
import { ServerStopping } from '../../common/server-stopping.js';
import { AppendConflict, LobbyLogRepository, type LobbyFacts } from '../../storage/lobby-log.repository.js';
import type { AuditInput } from '../../storage/moderation.repository.js';
import { encodeBroadcast, snapshotOf } from '@four-banners/protocol';
import { LobbyCache, isHuman } from './lobby-cache.js';
import { LobbyHub } from './lobby.hub.js';

export { isHuman } from './lobby-cache.js';
export { ServerStopping } from '../../common/server-stopping.js';

/** How often one request is decided before it gives up (the retries hold the log: see `inLobby`). */
const APPEND_ATTEMPTS = 5;
/** The longest pause before a further retry (they grow: 4, 8, 16… ms, each a random part of that). */
const RETRY_PAUSE_MAX_MS = 100;

/** A request that lost the append race `APPEND_ATTEMPTS` times in a row (the lobby is too busy across nodes). */
export class LobbyBusy extends Error {
  constructor(readonly lobbyId: string) {
    super(`lobby ${lobbyId}: lost the append race ${APPEND_ATTEMPTS} times`);
    this.name = 'LobbyBusy';
  }
}

/** How long a stopping server waits for the requests already queued before storage closes. */
export const DRAIN_MS = 10_000;

/** Events being built on a state: each is folded as it is added, so later checks see its effect. */
export class Draft {
  readonly steps: { event: LobbyEvent; after: LobbyState }[] = [];
  /** The state the draft started from. */
  readonly start: LobbyState | null;
  constructor(
    public state: LobbyState | null,
    readonly at: string,
  ) {
    this.start = state;
  }

  get current(): LobbyState {
    if (!this.state) throw new Error('draft has no state yet');
    return this.state;
  }

  add(draft: NewLobbyEvent): LobbyState {
    const event = { ...draft, seq: (this.state?.seq ?? 0) + 1, at: this.at } as LobbyEvent;
    const next = applyEvent(this.state, event);
    // The server only builds events it checked: a refusal here is a bug, and nothing is written.
    if (!next.ok) throw new Error(`unfoldable ${event.kind} at seq ${event.seq}: ${next.error.message}`);
    this.state = next.value;
    this.steps.push({ event, after: next.value });
    return next.value;
  }
}

export interface CommitOptions {
  readonly created?: boolean;
  /** Players whose seat changes: [playerId, lobbyId or null]. */
  readonly seats?: readonly (readonly [string, string | null])[];
  /** Players whose connections enter the room before the broadcast. */
  readonly enter?: readonly string[];
  /** Players whose connections leave the room after the broadcast. */
  readonly exit?: readonly string[];
  /** The finished game this new lobby is the rematch of (its row then points here). */
  readonly rematchOf?: string;
  /** Players whose name is set with this commit: [playerId, name]. */
  readonly names?: readonly (readonly [string, string])[];
  /** Chat seqs a moderator removed with this commit (PROTOCOL §4.9). */
  readonly chatRemoved?: readonly number[];
  /** The admin action this commit carries out, audited in its transaction. */
  readonly audit?: AuditInput;
  /** The request this commit carries out, as `requestKey` names it (PROTOCOL §3.5). */
  readonly request?: string;
}

/** How the log names a player's request (`LogWrite.request`): the client's id is unique only per player. */
export const requestKey = (playerId: string, requestId: string | undefined): string | undefined =>
  requestId === undefined ? undefined : `${playerId}:${requestId}`;

@Injectable()
export class LobbyStore implements FollowedLobbies, BeforeApplicationShutdown {
  /** One request at a time per lobby, from its check to its broadcast. */
  private readonly locks = new KeyedLock();
  private stopping = false;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
  ) {}

  /**
   * Stopping: requests queued on the lobbies finish (storage closes after this hook), and later ones are
   * refused with `ServerStopping` instead of meeting a closed database.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.locks.drained(DRAIN_MS);
  }

  /**
   * Runs `decide` on the lobby's current state (undefined: no open lobby) with the lobby locked, so no other
   * request of it runs between the check and the broadcast. When another writer appended first, `decide`
   * runs again with the lobby's log held against other writers (`LobbyLogRepository.exclusive`): memory
   * catches up on the tail and the request is checked on the new state, then lands or is refused — a node
   * that keeps winning cannot starve this one. After `APPEND_ATTEMPTS` lost races it throws `LobbyBusy`.
   */
  inLobby<T>(lobbyId: string, decide: (state: LobbyState | undefined) => Promise<T>): Promise<T> {
    if (this.stopping) return Promise.reject(new ServerStopping());
    return this.locks.run(lobbyId, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          if (attempt === 1) return await decide(await this.cache.getLobby(lobbyId));
          return await this.log.exclusive(lobbyId, async () => {
            await this.catchUp(lobbyId);
            return decide(await this.cache.getLobby(lobbyId));
          });
        } catch (e) {
          if (!(e instanceof AppendConflict) || e.lobbyId !== lobbyId) throw e;
          this.metrics.appendConflict();
          if (attempt >= APPEND_ATTEMPTS) throw new LobbyBusy(lobbyId);
          // Only a driver whose `exclusive` holds nothing (several processes on one SQLite file) gets here
          // twice: a random, growing pause lets it in rather than losing to each of the winner's next appends.
          if (attempt > 1) await sleep(Math.random() * Math.min(RETRY_PAUSE_MAX_MS, 2 ** (attempt + 1)));
        }
      }
    });
  }

  /**
   * `inLobby` for the lobby the player sits in: `decide` gets its state, or undefined when they sit in none.
   * Their seat is looked up again once the lock is held (an admin may have removed them meanwhile).
   */
  async inSeat<T>(playerId: string, decide: (state: LobbyState | undefined) => Promise<T>): Promise<T> {
    for (;;) {
      const lobbyId = await this.cache.seatIdOf(playerId);
      if (lobbyId === null) return decide(undefined);
      const outcome = await this.inLobby(lobbyId, async (state) => {
        if ((await this.cache.seatIdOf(playerId)) !== lobbyId) return { moved: true as const };
        const seated = state?.players.some((p) => p.id === playerId) ? state : undefined;
        return { moved: false as const, value: await decide(seated) };
      });
      if (!outcome.moved) return outcome.value;
    }
  }

  /**
   * Brings the lobby in memory up to the log's tail — what other writers (other nodes) committed since —
   * broadcasting those events to this process's clients, and returns it (undefined once closed). `noticed`:
   * the events other nodes' notices brought, used instead of the log when they reach what was announced.
   */
  sync(lobbyId: string, noticed?: NoticedEvents): Promise<LobbyState | undefined> {
    return this.inLobby(lobbyId, async () => {
      await this.catchUp(lobbyId, noticed);
      return this.cache.cached(lobbyId);
    });
  }

  /** The seq of the lobby in memory (undefined: not held). */
  heldSeq(lobbyId: string): number | undefined {
    return this.cache.cached(lobbyId)?.seq;
  }

  /** The restore of the lobby under way, if any. */
  restoring(lobbyId: string): Promise<unknown> | undefined {
    return this.cache.restoring(lobbyId);
  }

  /** Every lobby held in memory. */
  *held(): Iterable<string> {
    for (const [lobbyId] of this.cache.openLobbies()) yield lobbyId;
  }

  /**
   * Folds the events another writer appended after what memory holds, and broadcasts them to this
   * process's room of the lobby, so its clients stay contiguous: this node's connections of people who sat
   * down enter the room first (with a snapshot to fold on from), those of people who left leave it after.
   * `noticed`: the events that came with the notices are enough when they reach what was announced
   * (else, and always for a refusal's re-check or a lost race, the log's tail is read). Call with the lobby locked.
   */
  private async catchUp(lobbyId: string, noticed?: NoticedEvents): Promise<void> {
    const state = this.cache.cached(lobbyId);
    if (!state) return;
    const run = noticedRun(noticed, state.seq);
    const events = run ?? (await this.log.readEvents(lobbyId, state.seq + 1));
    if (events.length === 0) return;
    this.metrics.followed(run ? 'notice' : 'database');
    let current = state;
    const steps: { event: LobbyEvent; after: LobbyState }[] = [];
    for (const event of events) {
      const next = applyEvent(current, event);
      if (!next.ok) {
        // The log is the truth: memory starts again from it.
        this.logger.error('tail-unfoldable', { lobby: lobbyId, seq: event.seq, error: next.error.message });
        this.cache.drop(lobbyId);
        return;
      }
      current = next.value;
      steps.push({ event, after: current });
    }
    this.logger.info('lobby-caught-up', { lobby: lobbyId, from: state.seq + 1, to: current.seq });
    // Seats the other writer changed are read again when next needed.
    for (const seat of [...state.players, ...current.players]) if (isHuman(seat)) this.cache.unseat(seat.id);
    this.cache.hold(current);
    const humans = (s: LobbyState) => new Set(s.players.filter(isHuman).map((p) => p.id));
    const [before, after] = [humans(state), humans(current)];
    for (const id of after) {
      if (!before.has(id))
        this.hub.seatHere(id, lobbyId, () => ({ name: 'server-sync-state', payload: snapshotOf(state) }));
    }
    for (const step of steps) this.hub.toLobby(lobbyId, encodeBroadcast(step.event, step.after, current));
    for (const id of before) if (!after.has(id)) this.hub.leaveRoom(id, lobbyId);
    if (!current.online) this.hub.clearRoom(lobbyId);
    this.bus.emit('lobby-changed', lobbyId);
  }

  /** Closes an open lobby on the server's own decision (idle, or a game past the turn cap); the log stays. Call in `inLobby`. */
  close(state: LobbyState, reason: CloseReason): Promise<number> {
    const draft = new Draft(state, new Date().toISOString());
    return this.commit(draft, closing(draft, reason));
  }

  /**
   * Appends the draft's events in one transaction, then updates memory, logs and broadcasts. Returns the last
   * seq. Call in `inLobby` / `inSeat` (or for a lobby nobody knows yet); throws `AppendConflict` when another
   * writer appended first (nothing was written, memory is unchanged).
   */
  async commit(draft: Draft, options: CommitOptions): Promise<number> {
    const capped = this.turnCapReached(draft);
    const opts = capped ? withClosing(options, closing(draft, 'turn_limit')) : options;
    const state = draft.current;
    const lobbyId = state.lobbyId;
    const events = draft.steps.map((s) => s.event);
    const firstSeq = events[0]!.seq;
    const facts = factsOf(state, draft.at);
    // Most appends (moves, chat) change only the seq and the time: the row's other columns, and the
    // indexes over them, are then left alone.
    const progressOnly = draft.start !== null && sameFacts(factsOf(draft.start, draft.at), facts);
    const every = this.config.snapshotEvery;
    const snapshotDue = every > 0 && Math.floor((firstSeq - 1) / every) !== Math.floor(state.seq / every);

    await this.metrics.timeAppend(() =>
      this.log.commit({
        lobbyId,
        ...(opts.created ? { created: { createdAt: draft.at, rulesVersion: state.rulesVersion } } : {}),
        events,
        facts,
        changed: progressOnly ? 'progress' : 'all',
        ...(opts.seats ? { seats: opts.seats } : {}),
        ...(opts.names ? { names: opts.names } : {}),
        ...(opts.rematchOf ? { rematchOf: opts.rematchOf } : {}),
        ...(opts.chatRemoved ? { chatRemoved: opts.chatRemoved } : {}),
        ...(opts.audit ? { audit: opts.audit } : {}),
        ...(opts.request ? { request: opts.request } : {}),
        ...(snapshotDue ? { snapshot: { seq: state.seq, state: JSON.stringify(snapshotOf(state)) } } : {}),
      }),
    );
    for (const e of events) this.metrics.appended(e.kind);
    if (capped) {
      this.metrics.turnCapped();
      this.logger.info('turn-cap', { lobby: lobbyId, turn: state.game.turn.count });
    }

    this.cache.hold(state);
    for (const [playerId, seat] of opts.seats ?? []) this.cache.seat(playerId, seat);
    for (const e of events)
      this.logger.info('lobby-event', { lobby: lobbyId, seq: e.seq, kind: e.kind, actor: e.actor });

    for (const playerId of opts.enter ?? []) this.hub.joinRoom(playerId, lobbyId);
    for (const step of draft.steps) this.hub.toLobby(lobbyId, encodeBroadcast(step.event, step.after, state));
    for (const playerId of opts.exit ?? []) this.hub.leaveRoom(playerId, lobbyId);
    if (!state.online) {
      this.hub.clearRoom(lobbyId);
      for (const seat of state.players) if (isHuman(seat)) this.cache.seat(seat.id, null);
    }
    this.bus.published(lobbyId, events);
    this.bus.emit('lobby-changed', lobbyId);
    return state.seq;
  }

  /**
   * Whether the draft leaves a game still running at the turn cap: it then ends in the same commit (the
   * lobby closes, its log stays a replay), so a game nobody finishes cannot grow for ever.
   */
  private turnCapReached(draft: Draft): boolean {
    const cap = this.config.maxTurns;
    const { game, online } = draft.current;
    return cap > 0 && online && game.running && !isGameOver(game) && game.turn.count >= cap;
  }
}

/** The noticed events from `seq + 1` on, when they run without a gap up to the seq last announced; else null. */
function noticedRun(noticed: NoticedEvents | undefined, seq: number): LobbyEvent[] | null {
  if (!noticed) return null;
  const run: LobbyEvent[] = [];
  for (let next = seq + 1; noticed.events.has(next); next++) run.push(noticed.events.get(next)!);
  return run.length > 0 && run.at(-1)!.seq >= noticed.upTo ? run : null;
}

/** What the lobby row says about `state` after an append at `at`. */
function factsOf(state: LobbyState, at: string): LobbyFacts {
  const status = lobbyStatus(state);
  return {
    adminId: state.adminId,
    status,
    lastSeq: state.seq,
    winner: status === 'finished' ? lobbyWinner(state) : null,
    players: JSON.stringify(state.players),
    updatedAt: at,
    startedAt: state.game.running ? at : null,
    listed: state.settings.listed,
    w: state.w,
    h: state.h,
    clock: state.settings.clock,
    botLevel: state.settings.botLevel,
    quickSeats: state.settings.quick?.seats ?? null,
    freeSeats: status === 'open' ? freeSeats(state) : 0,
  };
}

/** Seats still free in a lobby before its start: a quick match's own count, else the lobby's cap (PROTOCOL §4.7). */
export function freeSeats(state: LobbyState): number {
  const capacity = state.settings.quick?.seats ?? LIMITS.playersPerLobby;
  return Math.max(0, capacity - state.players.length);
}

/** Whether two facts differ only in seq and time. */
function sameFacts(a: LobbyFacts, b: LobbyFacts): boolean {
  return (
    a.adminId === b.adminId &&
    a.status === b.status &&
    a.winner === b.winner &&
    a.players === b.players &&
    a.listed === b.listed &&
    a.w === b.w &&
    a.h === b.h &&
    a.clock === b.clock &&
    a.botLevel === b.botLevel &&
    a.freeSeats === b.freeSeats &&
    (a.startedAt === null) === (b.startedAt === null)
  );
}

/** `opts` with the seats and room exits of a closing added. */
function withClosing(opts: CommitOptions, closed: ReturnType<typeof closing>): CommitOptions {
  return { ...opts, seats: [...(opts.seats ?? []), ...closed.seats], exit: [...(opts.exit ?? []), ...closed.exit] };
}

/** Adds the server's closing event to `draft`; every person seated loses the seat and leaves the room. */
function closing(draft: Draft, reason: CloseReason): { seats: (readonly [string, null])[]; exit: string[] } {
  draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { online: false, reason } });
  const humans = draft.current.players.filter(isHuman).map((s) => s.id);
  return { seats: humans.map((id) => [id, null] as const), exit: humans };
}
