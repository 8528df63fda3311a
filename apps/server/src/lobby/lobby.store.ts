/**
 * The lobbies in memory and the write path (DESIGN.md §4): open lobbies folded from their logs (restored
 * lazily), who sits where, and `commit` — append in one transaction → update memory → log → broadcast.
 */
import { Inject, Injectable } from '@nestjs/common';
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
import { CONFIG, type ServerConfig } from '../config.js';
import { DatabaseService } from '../db/database.js';
import { AppLogger } from '../logger.js';
import { MetricsService } from '../ops/metrics.service.js';
import { broadcastOf, snapshotOf } from './broadcasts.js';
import { LobbyHub } from './lobby.hub.js';
import { LobbyLogRepository, type LobbyFacts } from './lobby-log.repository.js';
import { PlayerRepository } from './player.repository.js';

export const isHuman = (p: Player): boolean => !p.bot && !p.local;

/** How many closed lobby ids are remembered to answer "not found" without a query. */
const CLOSED_REMEMBERED = 10_000;

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
}

@Injectable()
export class LobbyStore {
  /** Open lobbies, folded; restored lazily from their logs. */
  private readonly lobbies = new Map<string, LobbyState>();
  /** playerId → the open lobby they sit in (null: none); a cache of `players.lobby_id` for players online. */
  private readonly seats = new Map<string, string | null>();
  /** Lobbies known to be closed (or unknown), so asking again costs nothing; bounded, oldest forgotten first. */
  private readonly closed = new Set<string>();
  private readonly listeners: ((lobbyId: string) => void)[] = [];

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(DatabaseService) private readonly database: DatabaseService,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(PlayerRepository) private readonly players: PlayerRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {
    metrics.gauge('fb_open_lobbies', 'Open lobbies held in memory (waiting or playing).', () => this.lobbies.size);
    // The seat cache follows the players online: anyone can make identities, so it must not keep them all.
    hub.onPresence((playerId, online) => {
      if (!online) this.seats.delete(playerId);
    });
  }

  /** Calls `listener` with the lobby's id after every commit and restore (the bots use it). */
  onChange(listener: (lobbyId: string) => void): void {
    this.listeners.push(listener);
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
  getLobby(lobbyId: string): LobbyState | undefined {
    const cached = this.lobbies.get(lobbyId);
    if (cached) return cached;
    if (this.closed.has(lobbyId)) return undefined;
    const row = this.log.getLobby(lobbyId);
    if (!row || row.status === 'closed') return undefined;
    const state = this.restore(lobbyId);
    if (!state || !state.online) {
      this.rememberClosed(lobbyId);
      return undefined;
    }
    this.lobbies.set(lobbyId, state);
    this.logger.info('lobby-restored', { lobby: lobbyId, seq: state.seq });
    for (const listener of this.listeners) listener(lobbyId);
    return state;
  }

  /** Folds a lobby's log from its latest snapshot (or from the start if the snapshot does not fold). */
  restore(lobbyId: string, upTo = Number.MAX_SAFE_INTEGER): LobbyState | undefined {
    const snap = this.log.latestSnapshot(lobbyId, upTo);
    if (snap) {
      try {
        const base = lobbyStateFromSnapshot(JSON.parse(snap.state) as StateSnapshot);
        const folded = foldFrom(base, this.log.readEvents(lobbyId, snap.seq + 1, upTo));
        if (folded.ok) return folded.value;
      } catch (e) {
        this.logger.error('snapshot-unusable', { lobby: lobbyId, seq: snap.seq, error: String(e) });
      }
    }
    const events = this.log.readEvents(lobbyId, 1, upTo);
    if (events.length === 0) return undefined;
    const folded = foldFrom(null, events);
    if (!folded.ok) {
      this.logger.error('log-unfoldable', { lobby: lobbyId, seq: folded.error.seq, error: folded.error.message });
      return undefined;
    }
    return folded.value;
  }

  /** The open lobby the player sits in. */
  seatOf(playerId: string): LobbyState | undefined {
    let lobbyId = this.seats.get(playerId);
    if (lobbyId === undefined) {
      lobbyId = this.players.find(playerId)?.lobbyId ?? null;
      this.seats.set(playerId, lobbyId);
    }
    if (lobbyId === null) return undefined;
    const state = this.getLobby(lobbyId);
    return state?.players.some((p) => p.id === playerId) ? state : undefined;
  }

  /** Closes an open lobby on the server's own decision (idle, or a game past the turn cap); the log stays. */
  close(state: LobbyState, reason: CloseReason): number {
    const draft = new Draft(state, new Date().toISOString());
    return this.commit(draft, closing(draft, reason));
  }

  /** Appends the draft's events in one transaction, then updates memory, logs and broadcasts. Returns the last seq. */
  commit(draft: Draft, options: CommitOptions): number {
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

    this.metrics.timeAppend(() =>
      this.database.transaction(() => {
        if (opts.created) this.log.createLobby(lobbyId, draft.at, state.rulesVersion, facts);
        this.log.append(lobbyId, events, facts, progressOnly ? 'progress' : 'all');
        for (const [playerId, seat] of opts.seats ?? []) this.players.setLobby(playerId, seat);
        if (opts.rematchOf) this.log.setRematch(opts.rematchOf, lobbyId);
        if (snapshotDue) this.log.saveSnapshot(lobbyId, state.seq, JSON.stringify(snapshotOf(state)));
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
    for (const listener of this.listeners) listener(lobbyId);
    return state.seq;
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
