/**
 * The admin console's read side (PROTOCOL §8.4): the lobby search, the overview counts and one lobby with its
 * people. Rows come from the lobby table, presence and addresses from the hub and watcher counts from the
 * watcher registry (over every node where the cluster bus can tell), open reports and sanctions from the moderation storage.
 */
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Difficulty, Player, QuickSeats, TurnClock } from '@four-banners/engine';
import {
  adminLobbiesQuerySchema,
  type AdminLobbiesPage,
  type AdminLobbyDetail,
  type AdminLobbySummary,
  type AdminOverview,
  type AdminSeat,
  type Sanction,
} from '@four-banners/protocol';
import { CONFIG, type AdminToken, type ServerConfig } from '../common/config.js';
import { LobbyHub } from '../lobby/core/lobby.hub.js';
import { WatcherRegistry } from '../lobby/core/watchers.js';
import { LobbyLogRepository, type LobbyRow } from '../storage/lobby-log.repository.js';
import { ModerationRepository } from '../storage/moderation.repository.js';
import { adminStatusOf } from './admin-status.js';
import { summary } from './games.service.js';
import { httpError } from '../common/http-errors.js';
import { parseQuery } from './parse-query.js';

const isPerson = (p: Player): boolean => !p.bot && !p.local;

/** The normalised ISO 8601 of a date the schema accepted. */
const iso = (s: string | undefined): string | undefined => (s === undefined ? undefined : new Date(s).toISOString());

@Injectable()
export class AdminReadService {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(WatcherRegistry) private readonly watchers: WatcherRegistry,
    @Inject(ModerationRepository) private readonly moderation: ModerationRepository,
  ) {}

  /** `GET /api/admin/lobbies`: a page of the search and how many match in all. */
  async search(query: unknown): Promise<AdminLobbiesPage> {
    const q = parseQuery(adminLobbiesQuerySchema, query);
    const limit = q.limit ?? 20;
    const offset = q.offset ?? 0;
    const { rows, total } = await this.log.searchLobbies({
      ...(q.q ? { q: q.q } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.since ? { since: iso(q.since) } : {}),
      ...(q.until ? { until: iso(q.until) } : {}),
      sort: q.sort ?? 'created',
      order: q.order ?? 'desc',
      silentBefore: this.silentBefore(),
      limit,
      offset,
    });
    const reports = await this.openReports(rows.map((r) => r.id));
    const now = Date.now();
    return {
      lobbies: rows.map((row) => this.summaryOf(row, now, reports.get(row.id) ?? 0)),
      nextOffset: offset + rows.length < total ? offset + rows.length : null,
      total,
    };
  }

  /** `GET /api/admin/overview`, for the admin the guard let in (their token's name and what it may do). */
  async overview(admin: Pick<AdminToken, 'name' | 'canModerate'>): Promise<AdminOverview> {
    const count = async (status: 'waiting' | 'running') =>
      (
        await this.log.searchLobbies({
          status,
          sort: 'created',
          order: 'desc',
          silentBefore: this.silentBefore(),
          limit: 0,
          offset: 0,
        })
      ).total;
    const [waitingLobbies, runningGames, people, reportsWaiting, sanctions] = await Promise.all([
      count('waiting'),
      count('running'),
      this.hub.peopleEverywhere(),
      this.moderation.countOpenReports(),
      this.sanctionsInForce(),
    ]);
    return {
      waitingLobbies,
      runningGames,
      // Another node could not be asked: this node's own people, the least there are.
      peopleOnline: people ?? this.hub.peopleCount,
      reportsWaiting,
      activeBans: sanctions.filter((s) => s.kind === 'ban').length,
      admin: { name: admin.name, canModerate: admin.canModerate },
    };
  }

  /** `GET /api/admin/lobbies/:id`. */
  async detail(lobbyId: string): Promise<AdminLobbyDetail> {
    const row = await this.log.getLobby(lobbyId);
    if (!row) throw httpError(HttpStatus.NOT_FOUND, 'not_found', `There is no lobby ${lobbyId}.`);
    const seats = JSON.parse(row.players) as Player[];
    const people = seats.filter(isPerson).map((p) => p.id);
    const [online, reports, sanctions, watchers] = await Promise.all([
      this.hub.onlineAnywhere(people),
      this.openReports([row.id]),
      this.sanctionsInForce(),
      new Promise<number>((resolve) => this.watchers.watchersEverywhere(row.id, resolve)),
    ]);
    const mutes = sanctions.filter((s) => s.kind === 'mute' && (s.lobbyId === null || s.lobbyId === row.id));
    return {
      lobby: this.summaryOf(row, Date.now(), reports.get(row.id) ?? 0),
      seats: seats.map((p) => this.seatOf(p, online, mutes)),
      watchers,
      settings: {
        listed: row.listed,
        clock: row.clock as TurnClock,
        botLevel: row.botLevel as Difficulty,
        quick: row.quickSeats as QuickSeats | null,
      },
      w: row.w ?? 0,
      h: row.h ?? 0,
    };
  }

  private seatOf(p: Player, online: Set<string> | null, mutes: readonly Sanction[]): AdminSeat {
    const { away, missed: _missed, ...seat } = p;
    const person = isPerson(p);
    const ends = mutes
      .filter((s) => 'identity' in s.target && s.target.identity === p.id)
      .map((s) => s.expiresAt ?? '9999-12-31T23:59:59.999Z');
    return {
      ...seat,
      online: person && (online?.has(p.id) ?? this.hub.isOnline(p.id)),
      addresses: person ? this.hub.addressesOf(p.id) : [],
      ...(away ? { away } : {}),
      mutedUntil: ends.length > 0 ? ends.sort().at(-1)! : null,
    };
  }

  private summaryOf(row: LobbyRow, now: number, openReports: number): AdminLobbySummary {
    return {
      ...summary(row),
      adminStatus: adminStatusOf(row, now, this.config.abandonedAfterMs),
      updatedAt: row.updatedAt,
      startedAt: row.startedAt,
      openReports,
    };
  }

  /** Before this moment, a running game with no append counts as abandoned. */
  private silentBefore(): string {
    return new Date(Date.now() - this.config.abandonedAfterMs).toISOString();
  }

  private openReports(lobbyIds: readonly string[]): Promise<Map<string, number>> {
    if (lobbyIds.length === 0) return Promise.resolve(new Map());
    return this.moderation.openReportCounts(lobbyIds);
  }

  private sanctionsInForce(): Promise<Sanction[]> {
    return this.moderation.activeSanctions(new Date().toISOString());
  }
}
