/**
 * Open lobbies (PROTOCOL §8.7): the list of listed lobbies waiting for players, and one waiting lobby by
 * its id (the invitation landing page), read from the lobby rows (PROTOCOL §4.7), never from the log.
 */
import { Controller, Get, HttpStatus, Inject, Param, Req } from '@nestjs/common';
import type { Difficulty, Player, QuickSeats, TurnClock } from '@four-banners/engine';
import {
  OPEN_LOBBIES_MAX,
  idSchema,
  type InviteResponse,
  type OpenLobbiesPage,
  type OpenLobby,
} from '@four-banners/protocol';
import type { Request } from 'express';
import { clientAddress } from '../common/client-address.js';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { MetricsService } from '../common/metrics.service.js';
import { LimitsService, REFUSAL_MESSAGES } from '../limits/limits.service.js';
import { LobbyLogRepository, type LobbyRow } from '../storage/lobby-log.repository.js';
import { httpError } from '../common/http-errors.js';

/** The map side of a lobby row from before the rows kept it (it is written again with the lobby's next event). */
const LEGACY_SIDE = 10;

/** A waiting lobby as the list and the invite page show it. */
function openLobbyOf(row: LobbyRow): OpenLobby {
  const seats = JSON.parse(row.players) as Player[];
  return {
    id: row.id,
    adminName: seats.find((p) => p.id === row.adminId)?.name ?? '',
    players: seats.map((p) => ({ name: p.name, country: p.country, bot: p.bot !== undefined })),
    free: row.freeSeats,
    w: row.w ?? LEGACY_SIDE,
    h: row.h ?? LEGACY_SIDE,
    clock: row.clock as TurnClock,
    botLevel: row.botLevel as Difficulty,
    listed: row.listed,
    quick: row.quickSeats as QuickSeats | null,
    createdAt: row.createdAt,
  };
}

@Controller('api/lobbies')
export class OpenLobbiesController {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  /** Listed lobbies open, not started and with a free seat, newest first, at most `OPEN_LOBBIES_MAX`. */
  @Get()
  async list(@Req() req: Request): Promise<OpenLobbiesPage> {
    const address = clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      this.config.trustProxy,
      this.config.trustedProxies,
    );
    if (!(await this.limits.allowAddress('open_lobbies', address)))
      throw httpError(HttpStatus.TOO_MANY_REQUESTS, 'rate_limited', REFUSAL_MESSAGES.open_lobbies);
    this.metrics.openLobbiesListed();
    const rows = await this.log.openLobbies({ listed: true, limit: OPEN_LOBBIES_MAX });
    return { lobbies: rows.map(openLobbyOf) };
  }

  /** One lobby open and not started, listed or not (its id is the invitation); 404 otherwise. */
  @Get(':id')
  async invite(@Param('id') id: string): Promise<InviteResponse> {
    const parsed = idSchema.safeParse(id);
    if (!parsed.success) throw httpError(HttpStatus.BAD_REQUEST, 'invalid_payload', 'Invalid lobby id.');
    const row = await this.log.getLobby(parsed.data);
    if (!row || row.status !== 'open')
      throw httpError(HttpStatus.NOT_FOUND, 'not_found', `No lobby ${id} is waiting for players.`);
    return openLobbyOf(row);
  }
}
