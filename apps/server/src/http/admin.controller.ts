/** Admin API (PROTOCOL §8.4): every lobby, its events and its state at any seq, behind ADMIN_TOKEN. */
import { Controller, Get, Header, Inject, Param, Query, UseGuards } from '@nestjs/common';
import type { AdminLobbiesPage, StateAtSeq } from '@four-banners/protocol';
import { AdminGuard } from './admin.guard.js';
import { GamesService } from './games.service.js';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(@Inject(GamesService) private readonly games: GamesService) {}

  @Get('lobbies')
  async lobbies(@Query() query: unknown): Promise<AdminLobbiesPage> {
    // TODO(helper B): replaced by the search (q, status, dates, sort, total, open reports).
    const page = await this.games.list(query);
    const rows = page.items;
    return { lobbies: rows as never, nextOffset: page.nextOffset, total: rows.length };
  }

  /** An `EventsPage`, sent as the JSON the log holds. */
  @Get('lobbies/:id/events')
  @Header('Content-Type', 'application/json; charset=utf-8')
  events(@Param('id') id: string, @Query() query: unknown): Promise<string> {
    return this.games.events(id, query);
  }

  @Get('lobbies/:id/state')
  state(@Param('id') id: string, @Query() query: unknown): Promise<StateAtSeq> {
    return this.games.state(id, query);
  }
}
