/**
 * Read side of the HTTP API (ARCHITECTURE §5.3): listings, event pages and the state at any seq
 * (PROTOCOL §8.3, §8.4). The public side shows what a spectator may see: started games only, and chat text
 * only to the players seated in that lobby. A chat message a moderator removed is blank for everybody
 * (PROTOCOL §4.9). Event pages are capped in bytes as well as in count.
 */
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Player } from '@four-banners/engine';
import {
  EVENTS_PAGE_MAX,
  eventsQuerySchema,
  lobbySnapshotOf,
  pageQuerySchema,
  serializedGameOf,
  stateQuerySchema,
  type GameSummary,
  type StateAtSeq,
} from '@four-banners/protocol';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { hashToken, secretsEqual } from '../common/ids.js';
import { LobbyLogRepository, isStarted, type LobbyRow, type StoredEvent } from '../storage/lobby-log.repository.js';
import { LobbyCache } from '../lobby/core/lobby-cache.js';
import { PlayerRepository } from '../storage/player.repository.js';
import { eventsPageJson } from './events-page.js';
import { httpError } from '../common/http-errors.js';

/** A lobby row as a listing shows it (PROTOCOL §8.3). */
export function summary(row: LobbyRow): GameSummary {
  return {
    id: row.id,
    createdAt: row.createdAt,
    status: row.status,
    adminId: row.adminId,
    rulesVersion: row.rulesVersion,
    lastSeq: row.lastSeq,
    winner: row.winner,
    players: (JSON.parse(row.players) as Player[]).map((p) => ({ ...p })),
    rematchId: row.rematchId,
  };
}

/** What a reader of a public log presents to prove who they are (`X-Player-Id`, `X-Player-Token`). */
export interface ReaderCredentials {
  readonly playerId: string | undefined;
  readonly token: string | undefined;
}

/** Whether `playerId` sits in the lobby as a person: their own seat, or as the owner of a hot-seat seat. */
function seatedHuman(row: LobbyRow, playerId: string): boolean {
  const seats = JSON.parse(row.players) as Player[];
  return seats.some((p) => (p.local ? p.local.ownerId === playerId : !p.bot && p.id === playerId));
}

/** A chat event with its text blanked; kept in the log so seqs stay contiguous and the log still folds. */
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
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyCache) private readonly lobbies: LobbyCache,
    @Inject(PlayerRepository) private readonly players: PlayerRepository,
  ) {}

  /** A page of lobbies, newest first (every lobby for the admin; `started` only those a spectator may see). */
  async list(query: unknown, started = false): Promise<{ items: GameSummary[]; nextOffset: number | null }> {
    const { limit = 20, offset = 0 } = parse(pageQuerySchema, query);
    const rows = await this.log.listLobbies({ started, limit: limit + 1, offset });
    return { items: rows.slice(0, limit).map(summary), nextOffset: rows.length > limit ? offset + limit : null };
  }

  /** The public listing: recent started games (running, finished, or closed after they started), newest first. */
  listStarted(query: unknown): Promise<{ items: GameSummary[]; nextOffset: number | null }> {
    return this.list(query, true);
  }

  /** Any lobby's events `from..to` inclusive, one capped page as JSON (the admin API). */
  async events(lobbyId: string, query: unknown): Promise<string> {
    const row = await this.row(lobbyId);
    const events = await this.page(row, query);
    return eventsPageJson(events, row.lastSeq, false, await this.removedChat(row, events));
  }

  /**
   * A started game's events for a spectator (404 for a lobby that has not started): one capped page as
   * JSON, chat text blanked unless `reader` proves to be a player seated in that lobby.
   */
  async publicEvents(lobbyId: string, query: unknown, reader: ReaderCredentials): Promise<string> {
    const row = await this.log.getLobby(lobbyId);
    if (!row || !isStarted(row))
      throw httpError(HttpStatus.NOT_FOUND, 'not_found', `There is no started game ${lobbyId}.`);
    const events = await this.page(row, query);
    // Proving an identity costs a lookup and two hashes: only pages with chat need it.
    const blankChat = events.some((e) => e.kind === 'chat') && !(await this.isSeated(row, reader));
    return eventsPageJson(events, row.lastSeq, blankChat, blankChat ? undefined : await this.removedChat(row, events));
  }

  /** The state at `seq` (the latest without it); a seq beyond the log is 404. */
  async state(lobbyId: string, query: unknown): Promise<StateAtSeq> {
    const row = await this.row(lobbyId);
    const { seq = row.lastSeq } = parse(stateQuerySchema, query);
    if (seq > row.lastSeq || seq < 1)
      throw httpError(HttpStatus.NOT_FOUND, 'not_found', `Lobby ${lobbyId} has no seq ${seq}.`);
    const state = await this.lobbies.restore(lobbyId, seq);
    if (!state) throw httpError(HttpStatus.NOT_FOUND, 'not_found', `Lobby ${lobbyId}'s log does not fold.`);
    // A message removed later is served blank at every seq too (PROTOCOL §4.9).
    const removed = new Set(await this.log.removedChat(lobbyId));
    const messages = state.messages.map((m) => (removed.has(m.seq) && m.msg !== '' ? { ...m, msg: '' } : m));
    return {
      seq: state.seq,
      lobby: lobbySnapshotOf({ ...state, messages }),
      state: serializedGameOf(state),
    };
  }

  /** Events `from..to` inclusive as stored: at most EVENTS_PAGE_MAX and `bytes.eventsPage` of payloads, but at least one if any. */
  private page(row: LobbyRow, query: unknown): Promise<StoredEvent[]> {
    const { from = 1, to = Number.MAX_SAFE_INTEGER } = parse(eventsQuerySchema, query);
    return this.log.readStoredPage(row.id, Math.max(1, from), to, EVENTS_PAGE_MAX, this.config.bytes.eventsPage);
  }

  /** The seqs of the removed chat messages (PROTOCOL §4.9), read only when the page holds chat. */
  private async removedChat(row: LobbyRow, events: readonly StoredEvent[]): Promise<ReadonlySet<number>> {
    if (!events.some((e) => e.kind === 'chat')) return new Set();
    return new Set(await this.log.removedChat(row.id));
  }

  /** Whether `reader` is a player seated in the lobby, proven by their token (as a socket handshake is). */
  private async isSeated(row: LobbyRow, { playerId, token }: ReaderCredentials): Promise<boolean> {
    if (!playerId || !token || playerId.length > 64 || token.length > 256 || !seatedHuman(row, playerId)) return false;
    const player = await this.players.find(playerId);
    return player !== undefined && secretsEqual(player.tokenHash, hashToken(token));
  }

  private async row(lobbyId: string): Promise<LobbyRow> {
    const row = await this.log.getLobby(lobbyId);
    if (!row) throw httpError(HttpStatus.NOT_FOUND, 'not_found', `There is no lobby ${lobbyId}.`);
    return row;
  }
}
