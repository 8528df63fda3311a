/**
 * The lobbies in memory and the write path (DESIGN.md §4): open lobbies folded from their logs (restored
 * lazily), who sits where, and `commit` — append in one transaction → update memory → log → broadcast.
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
  foldFrom,
  isGameOver,
  lobbyStatus,
  lobbyWinner,
  type CloseReason,
  type LobbyEvent,
  type LobbyState,
  type NewLobbyEvent,
  type Player,
} from '@four-banners/engine';
import { lobbyStateFromSnapshot, type StateSnapshot } from '@four-banners/protocol';
import { ClusterBus } from '../cluster/cluster-bus.js';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { AppLogger } from '../common/logger.js';
import { MetricsService } from '../common/metrics.service.js';
import { broadcastOf, snapshotOf } from './broadcasts.js';
import { LobbyHub } from './lobby.hub.js';
import { KeyedLock } from '../common/keyed-lock.js';
import { AppendConflict, LobbyLogRepository, type LobbyFacts } from '../storage/lobby-log.repository.js';
import { PlayerRepository } from '../storage/player.repository.js';

export const isHuman = (p: Player): boolean => !p.bot && !p.local;

/** How many closed lobby ids are remembered to answer "not found" without a query. */
const CLOSED_REMEMBERED = 10_000;

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

/** A request that came after the server began to stop (storage may close under it: it is not started). */
export class ServerStopping extends Error {
  constructor() {
    super('the server is stopping');
    this.name = 'ServerStopping';
  }
}

/** Events of other nodes' notices kept per lobby at most, waiting to be folded. */
const NOTICED_MAX_EVENTS = 512;

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
}

@Injectable()
export class LobbyStore implements BeforeApplicationShutdown {
  /** Open lobbies, folded; restored lazily from their logs. */
  private readonly lobbies = new Map<string, LobbyState>();
  /** playerId → the open lobby they sit in (null: none); a cache of `players.lobby_id` for players online. */
  private readonly seats = new Map<string, string | null>();
  /** Lobbies known to be closed (or unknown), so asking again costs nothing; bounded, oldest forgotten first. */
  private readonly closed = new Set<string>();
  /** Restores in flight, so readers asking for one lobby at once fold its log once. */
  private readonly restoring = new Map<string, Promise<LobbyState | undefined>>();
  /** One request at a time per lobby, from its check to its broadcast. */
  private readonly locks = new KeyedLock();
  /** Lobbies being brought up to another node's notice → the highest seq announced meanwhile. */
  private readonly following = new Map<string, number>();
  /** Events that came with other nodes' notices, not folded yet, by lobby and seq (only for lobbies held). */
  private readonly noticed = new Map<string, Map<number, LobbyEvent>>();
  private stopping = false;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(PlayerRepository) private readonly players: PlayerRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(ClusterBus) private readonly bus: ClusterBus,
  ) {
    // Several nodes: another node's commit is folded here from the log (and sent to this node's clients).
    bus.on('lobby-noticed', (lobbyId, lastSeq, events) => this.follow(lobbyId, lastSeq, events));
    // Notices sent while the bus was away are lost: every lobby held catches up on its log.
    bus.on('bus-reconnected', () => {
      for (const lobbyId of [...this.lobbies.keys()]) this.follow(lobbyId, Number.MAX_SAFE_INTEGER);
    });
    metrics.gauge('fb_open_lobbies', 'Open lobbies held in memory (waiting or playing).', () => this.lobbies.size);
    // The seat cache follows the players online: anyone can make identities, so it must not keep them all.
    bus.on('presence-changed', (playerId, online) => {
      if (!online) this.seats.delete(playerId);
    });
  }

  /**
   * Stopping: requests queued on the lobbies finish (storage closes after this hook), and later ones are
   * refused with `ServerStopping` instead of meeting a closed database.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.locks.drained(DRAIN_MS);
  }

  /** The open lobbies in memory. */
  openLobbies(): IterableIterator<[string, LobbyState]> {
    return this.lobbies.entries();
  }

  /** The in-memory state, without restoring. */
  cached(lobbyId: string): LobbyState | undefined {
    return this.lobbies.get(lobbyId);
  }

  /** An open lobby's folded state (restored from its log on first use), or undefined. */
  async getLobby(lobbyId: string): Promise<LobbyState | undefined> {
    const cached = this.lobbies.get(lobbyId);
    if (cached) return cached;
    if (this.closed.has(lobbyId)) return undefined;
    let restoring = this.restoring.get(lobbyId);
    if (!restoring) {
      restoring = this.restoreOpen(lobbyId).finally(() => this.restoring.delete(lobbyId));
      this.restoring.set(lobbyId, restoring);
    }
    return restoring;
  }

  private async restoreOpen(lobbyId: string): Promise<LobbyState | undefined> {
    const row = await this.log.getLobby(lobbyId);
    if (!row || row.status === 'closed') return undefined;
    const state = await this.restore(lobbyId);
    // A commit may have come first (a lobby is only written once it is in memory): memory wins.
    const meanwhile = this.lobbies.get(lobbyId);
    if (meanwhile) return meanwhile;
    if (!state || !state.online) {
      this.rememberClosed(lobbyId);
      return undefined;
    }
    this.lobbies.set(lobbyId, state);
    this.logger.info('lobby-restored', { lobby: lobbyId, seq: state.seq });
    // The log says who sits here: their seats, and their connections to this node in the room (they may
    // have sat down through another node while connected to this one).
    for (const seat of state.players) {
      if (!isHuman(seat)) continue;
      this.seats.set(seat.id, lobbyId);
      this.hub.seatHere(seat.id, lobbyId, () => ({ name: 'server-sync-state', payload: snapshotOf(state) }));
    }
    this.bus.emit('lobby-changed', lobbyId);
    return state;
  }

  /** Folds a lobby's log from its latest snapshot (or from the start if the snapshot does not fold). */
  async restore(lobbyId: string, upTo = Number.MAX_SAFE_INTEGER): Promise<LobbyState | undefined> {
    const snap = await this.log.latestSnapshot(lobbyId, upTo);
    if (snap) {
      try {
        const base = lobbyStateFromSnapshot(JSON.parse(snap.state) as StateSnapshot);
        const folded = foldFrom(base, await this.log.readEvents(lobbyId, snap.seq + 1, upTo));
        if (folded.ok) return folded.value;
      } catch (e) {
        this.logger.error('snapshot-unusable', { lobby: lobbyId, seq: snap.seq, error: String(e) });
      }
    }
    const events = await this.log.readEvents(lobbyId, 1, upTo);
    if (events.length === 0) return undefined;
    const folded = foldFrom(null, events);
    if (!folded.ok) {
      this.logger.error('log-unfoldable', { lobby: lobbyId, seq: folded.error.seq, error: folded.error.message });
      return undefined;
    }
    return folded.value;
  }

  /** The id of the lobby a player sits in, read from storage unless known; not kept (they are not online here). */
  async lobbyIdOf(playerId: string): Promise<string | null> {
    return this.seats.get(playerId) ?? (await this.players.find(playerId))?.lobbyId ?? null;
  }

  /** The id of the lobby the player sits in (null: none), read once and then kept while they are online. */
  async seatIdOf(playerId: string): Promise<string | null> {
    let lobbyId = this.seats.get(playerId);
    if (lobbyId === undefined) {
      lobbyId = (await this.players.find(playerId))?.lobbyId ?? null;
      // A commit may have seated or unseated the player meanwhile: what it set is newer.
      if (this.seats.has(playerId)) return this.seats.get(playerId)!;
      this.seats.set(playerId, lobbyId);
    }
    return lobbyId;
  }

  /** The open lobby the player sits in, as far as memory knows already (no query): undefined when unknown. */
  knownSeatOf(playerId: string): LobbyState | undefined {
    const lobbyId = this.seats.get(playerId);
    const state = lobbyId ? this.lobbies.get(lobbyId) : undefined;
    return state?.players.some((p) => p.id === playerId) ? state : undefined;
  }

  /** The open lobby the player sits in. */
  async seatOf(playerId: string): Promise<LobbyState | undefined> {
    const lobbyId = await this.seatIdOf(playerId);
    if (lobbyId === null) return undefined;
    const state = await this.getLobby(lobbyId);
    return state?.players.some((p) => p.id === playerId) ? state : undefined;
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
          if (attempt === 1) return await decide(await this.getLobby(lobbyId));
          return await this.log.exclusive(lobbyId, async () => {
            await this.catchUp(lobbyId);
            return decide(await this.getLobby(lobbyId));
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
      const lobbyId = await this.seatIdOf(playerId);
      if (lobbyId === null) return decide(undefined);
      const outcome = await this.inLobby(lobbyId, async (state) => {
        if ((await this.seatIdOf(playerId)) !== lobbyId) return { moved: true as const };
        const seated = state?.players.some((p) => p.id === playerId) ? state : undefined;
        return { moved: false as const, value: await decide(seated) };
      });
      if (!outcome.moved) return outcome.value;
    }
  }

  /**
   * Brings the lobby in memory up to the log's tail — what other writers (other nodes) committed since —
   * broadcasting those events to this process's clients, and returns it (undefined once closed).
   */
  sync(lobbyId: string, fromNotices = false): Promise<LobbyState | undefined> {
    return this.inLobby(lobbyId, async () => {
      await this.catchUp(lobbyId, fromNotices);
      return this.lobbies.get(lobbyId);
    });
  }

  /**
   * Another node committed the lobby's events up to `lastSeq`: when this node holds the lobby and is behind,
   * it syncs (once for a burst of notices: those arriving while a sync runs are served by one more).
   */
  follow(lobbyId: string, lastSeq: number, events: readonly LobbyEvent[] = []): void {
    const state = this.lobbies.get(lobbyId);
    if (!state) {
      this.noticed.delete(lobbyId);
      // Being restored now: what it read may predate the notice, so look again once it is in memory.
      void this.restoring.get(lobbyId)?.then(() => this.follow(lobbyId, lastSeq, events));
      return;
    }
    if (state.seq >= lastSeq) return;
    this.keepNoticed(lobbyId, state.seq, events);
    const running = this.following.has(lobbyId);
    this.following.set(lobbyId, Math.max(lastSeq, this.following.get(lobbyId) ?? 0));
    if (running) return;
    const run = async () => {
      for (;;) {
        const wanted = this.following.get(lobbyId)!;
        const state = await this.sync(lobbyId, true);
        if (!state || state.seq >= this.following.get(lobbyId)! || this.following.get(lobbyId) === wanted) return;
      }
    };
    run()
      .catch((e: unknown) => {
        // Stopping: nobody is left here to send the lobby to.
        if (!(e instanceof ServerStopping)) this.logger.error('follow-failed', { lobby: lobbyId, error: String(e) });
      })
      .finally(() => this.following.delete(lobbyId));
  }

  /**
   * Folds the events another writer appended after what memory holds, and broadcasts them to this
   * process's room of the lobby, so its clients stay contiguous: this node's connections of people who sat
   * down enter the room first (with a snapshot to fold on from), those of people who left leave it after.
   * `fromNotices`: the events that came with the notices are enough when they reach what was announced
   * (else, and always for a refusal's re-check or a lost race, the log's tail is read). Call with the lobby locked.
   */
  private async catchUp(lobbyId: string, fromNotices = false): Promise<void> {
    const state = this.lobbies.get(lobbyId);
    if (!state) return;
    const noticed = fromNotices ? this.noticedRun(lobbyId, state.seq) : null;
    const events = noticed ?? (await this.log.readEvents(lobbyId, state.seq + 1));
    this.forgetNoticed(lobbyId, events.at(-1)?.seq ?? state.seq);
    if (events.length === 0) return;
    this.metrics.followed(noticed ? 'notice' : 'database');
    let current = state;
    const steps: { event: LobbyEvent; after: LobbyState }[] = [];
    for (const event of events) {
      const next = applyEvent(current, event);
      if (!next.ok) {
        // The log is the truth: memory starts again from it.
        this.logger.error('tail-unfoldable', { lobby: lobbyId, seq: event.seq, error: next.error.message });
        this.lobbies.delete(lobbyId);
        return;
      }
      current = next.value;
      steps.push({ event, after: current });
    }
    this.logger.info('lobby-caught-up', { lobby: lobbyId, from: state.seq + 1, to: current.seq });
    // Seats the other writer changed are read again when next needed.
    for (const seat of [...state.players, ...current.players]) if (isHuman(seat)) this.seats.delete(seat.id);
    if (current.online) this.lobbies.set(lobbyId, current);
    else {
      this.lobbies.delete(lobbyId);
      this.rememberClosed(lobbyId);
    }
    const humans = (s: LobbyState) => new Set(s.players.filter(isHuman).map((p) => p.id));
    const [before, after] = [humans(state), humans(current)];
    for (const id of after) {
      if (!before.has(id))
        this.hub.seatHere(id, lobbyId, () => ({ name: 'server-sync-state', payload: snapshotOf(state) }));
    }
    for (const step of steps) this.hub.toLobby(lobbyId, broadcastOf(step.event, step.after, current));
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
        ...(snapshotDue ? { snapshot: { seq: state.seq, state: JSON.stringify(snapshotOf(state)) } } : {}),
      }),
    );
    for (const e of events) this.metrics.appended(e.kind);
    if (capped) {
      this.metrics.turnCapped();
      this.logger.info('turn-cap', { lobby: lobbyId, turn: state.game.turn.count });
    }

    if (state.online) this.lobbies.set(lobbyId, state);
    else {
      this.lobbies.delete(lobbyId);
      this.rememberClosed(lobbyId);
    }
    for (const [playerId, seat] of opts.seats ?? []) this.seats.set(playerId, seat);
    for (const e of events)
      this.logger.info('lobby-event', { lobby: lobbyId, seq: e.seq, kind: e.kind, actor: e.actor });

    for (const playerId of opts.enter ?? []) this.hub.joinRoom(playerId, lobbyId);
    for (const step of draft.steps) this.hub.toLobby(lobbyId, broadcastOf(step.event, step.after, state));
    for (const playerId of opts.exit ?? []) this.hub.leaveRoom(playerId, lobbyId);
    if (!state.online) {
      this.hub.clearRoom(lobbyId);
      for (const seat of state.players) if (isHuman(seat)) this.seats.set(seat.id, null);
    }
    this.forgetNoticed(lobbyId, state.seq);
    this.bus.published(lobbyId, events);
    this.bus.emit('lobby-changed', lobbyId);
    return state.seq;
  }

  /** Keeps a notice's events past `seq` (what memory holds) until they are folded; a lobby keeps a bounded number. */
  private keepNoticed(lobbyId: string, seq: number, events: readonly LobbyEvent[]): void {
    const fresh = events.filter((e) => e.seq > seq);
    if (fresh.length === 0) return;
    let kept = this.noticed.get(lobbyId);
    if (!kept) this.noticed.set(lobbyId, (kept = new Map()));
    // Far behind (notices lost, or a slow sync): the database serves it; the kept events are dropped.
    if (kept.size + fresh.length > NOTICED_MAX_EVENTS) return void this.noticed.delete(lobbyId);
    for (const e of fresh) kept.set(e.seq, e);
  }

  /** The noticed events from `seq + 1` on, when they run without a gap up to the seq last announced; else null. */
  private noticedRun(lobbyId: string, seq: number): LobbyEvent[] | null {
    const kept = this.noticed.get(lobbyId);
    const wanted = this.following.get(lobbyId);
    if (!kept || wanted === undefined) return null;
    const run: LobbyEvent[] = [];
    for (let next = seq + 1; kept.has(next); next++) run.push(kept.get(next)!);
    return run.length > 0 && run.at(-1)!.seq >= wanted ? run : null;
  }

  /** Drops the noticed events up to `seq` (folded, or committed here). */
  private forgetNoticed(lobbyId: string, seq: number): void {
    const kept = this.noticed.get(lobbyId);
    if (!kept) return;
    for (const s of kept.keys()) if (s <= seq) kept.delete(s);
    if (kept.size === 0 || !this.lobbies.has(lobbyId)) this.noticed.delete(lobbyId);
  }

  private rememberClosed(lobbyId: string): void {
    if (this.closed.size >= CLOSED_REMEMBERED) this.closed.delete(this.closed.values().next().value!);
    this.closed.add(lobbyId);
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
  };
}

/** Whether two facts differ only in seq and time. */
function sameFacts(a: LobbyFacts, b: LobbyFacts): boolean {
  return (
    a.adminId === b.adminId &&
    a.status === b.status &&
    a.winner === b.winner &&
    a.players === b.players &&
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
