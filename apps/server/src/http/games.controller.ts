/** Public read API (PROTOCOL §8.2, §8.3): health, recent games, a started game's log for replays and saves. */
import { Controller, Get, Header, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { RULES_VERSION } from '@four-banners/engine';
import type { GamesPage, HealthResponse } from '@four-banners/protocol';
import type { Request, Response } from 'express';
import { SERVER_VERSION } from '../common/version.js';
import { GamesService } from '../read/games.service.js';
import { LogExport } from './log-export.js';

@Controller('api')
export class GamesController {
  constructor(
    @Inject(GamesService) private readonly games: GamesService,
    @Inject(LogExport) private readonly exporter: LogExport,
  ) {}

  @Get('health')
  health(): HealthResponse {
    return { ok: true, version: SERVER_VERSION, rulesVersion: RULES_VERSION };
  }

  /** Recent started games (running or finished), newest first: `?limit&offset`. */
  @Get('games')
  async list(@Query() query: unknown): Promise<GamesPage> {
    const page = await this.games.listStarted(query);
    return { games: page.items, nextOffset: page.nextOffset };
  }

  /**
   * A started game's log (an `EventsPage`, sent as the JSON the log holds): `?from&to` inclusive, a page
   * capped in count and bytes. Chat text is shown only to a player seated in the game
   * (`X-Player-Id` + `X-Player-Token`).
   */
  @Get('games/:id/events')
  @Header('Content-Type', 'application/json; charset=utf-8')
  events(
    @Param('id') id: string,
    @Query() query: unknown,
    @Headers('x-player-id') playerId: string | undefined,
    @Headers('x-player-token') token: string | undefined,
  ): Promise<string> {
    return this.games.publicEvents(id, query, { playerId, token });
  }

  /** A started game's whole log as NDJSON (PROTOCOL §8.3), every chat text blank. */
  @Get('games/:id/export')
  export(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.exporter.stream(req, res, id, true);
  }
}
