/** Public read API (DESIGN.md §6): health, recent games, a game's log for replays and saves. */
import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { RULES_VERSION } from '@four-banners/engine';
import type { EventsPage, GamesPage, HealthResponse } from '@four-banners/protocol';
import { SERVER_VERSION } from '../version.js';
import { GamesService } from './games.service.js';

@Controller('api')
export class GamesController {
  constructor(@Inject(GamesService) private readonly games: GamesService) {}

  @Get('health')
  health(): HealthResponse {
    return { ok: true, version: SERVER_VERSION, rulesVersion: RULES_VERSION };
  }

  /** Recent started games (running or finished), newest first: `?limit&offset`. */
  @Get('games')
  list(@Query() query: unknown): GamesPage {
    const page = this.games.list(query, ['running', 'finished']);
    return { games: page.items, nextOffset: page.nextOffset };
  }

  /** A game's log: `?from&to` inclusive, at most 1,000 events a page. */
  @Get('games/:id/events')
  events(@Param('id') id: string, @Query() query: unknown): EventsPage {
    return this.games.events(id, query);
  }
}
