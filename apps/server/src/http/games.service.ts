/** Read side of the HTTP API: listings, event pages and the state at any seq (DESIGN.md §6). */
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { serializeGame, type Player } from '@four-banners/engine';
import {
  EVENTS_PAGE_MAX,
  eventsQuerySchema,
  lobbySnapshotOf,
  pageQuerySchema,
  stateQuerySchema,
  type EventsPage,
  type GameSummary,
  type StateAtSeq,
} from '@four-banners/protocol';
import { LobbyLogRepository, type LobbyRow, type LobbyStatus } from '../lobby/lobby-log.repository.js';
import { LobbyStore } from '../lobby/lobby.store.js';
import { httpError } from './http-errors.js';

function summary(row: LobbyRow): GameSummary {
  return {
    id: row.id,
    createdAt: row.createdAt,
    status: row.status,
    adminId: row.adminId,
    rulesVersion: row.rulesVersion,
    lastSeq: row.lastSeq,
    winner: row.winner,
    players: (JSON.parse(row.players) as Player[]).map((p) => ({ ...p })),
  };
}

function parse<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  query: unknown,
): T {
  const r = schema.safeParse(query);
  if (!r.success)
    throw httpError(HttpStatus.BAD_REQUEST, 'invalid_payload', r.error.issues[0]?.message ?? 'Invalid query.');
  return r.data;
}

@Injectable()
export class GamesService {
  constructor(
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyStore) private readonly lobbies: LobbyStore,
  ) {}

  /** A page of lobbies, newest first; `statuses` filters. */
  list(query: unknown, statuses?: readonly LobbyStatus[]): { items: GameSummary[]; nextOffset: number | null } {
    const { limit = 20, offset = 0 } = parse(pageQuerySchema, query);
    const rows = this.log.listLobbies({ statuses, limit: limit + 1, offset });
    return { items: rows.slice(0, limit).map(summary), nextOffset: rows.length > limit ? offset + limit : null };
  }

  /** Events `from..to` inclusive, at most EVENTS_PAGE_MAX. */
  events(lobbyId: string, query: unknown): EventsPage {
    const { from = 1, to = Number.MAX_SAFE_INTEGER } = parse(eventsQuerySchema, query);
    const row = this.row(lobbyId);
    return { events: this.log.readEvents(lobbyId, Math.max(1, from), to, EVENTS_PAGE_MAX), lastSeq: row.lastSeq };
  }

  /** The state at `seq` (the latest without it); a seq beyond the log is 404. */
  state(lobbyId: string, query: unknown): StateAtSeq {
    const row = this.row(lobbyId);
    const { seq = row.lastSeq } = parse(stateQuerySchema, query);
    if (seq > row.lastSeq || seq < 1)
      throw httpError(HttpStatus.NOT_FOUND, 'not_found', `Lobby ${lobbyId} has no seq ${seq}.`);
    const state = this.lobbies.restore(lobbyId, seq);
    if (!state) throw httpError(HttpStatus.NOT_FOUND, 'not_found', `Lobby ${lobbyId}'s log does not fold.`);
    return {
      seq: state.seq,
      lobby: lobbySnapshotOf(state),
      state: state.game.tiles.length === 0 ? null : serializeGame(state.game),
    };
  }

  private row(lobbyId: string): LobbyRow {
    const row = this.log.getLobby(lobbyId);
    if (!row) throw httpError(HttpStatus.NOT_FOUND, 'not_found', `There is no lobby ${lobbyId}.`);
    return row;
  }
}
