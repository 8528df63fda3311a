/**
 * Admin API, read side (PROTOCOL §8.4): the lobby search, the overview, one lobby with its people, its events,
 * its state at any seq, the log check and the export; behind an admin token (read-only tokens may use all
 * of it). The moderation routes are in `admin-moderation.controller.ts`.
 */
import { Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type {
  AdminLobbiesPage,
  AdminLobbyDetail,
  AdminOverview,
  StateAtSeq,
  VerifyReport,
} from '@four-banners/protocol';
import type { Request, Response } from 'express';
import { AdminReadService } from '../read/admin-read.service.js';
import { Admin, AdminGuard, type AdminCaller } from './admin.guard.js';
import { GamesService } from '../read/games.service.js';
import { LogExport } from './log-export.js';
import { LogVerifier } from '../read/log-verify.service.js';

@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(
    @Inject(GamesService) private readonly games: GamesService,
    @Inject(AdminReadService) private readonly read: AdminReadService,
    @Inject(LogVerifier) private readonly verifier: LogVerifier,
    @Inject(LogExport) private readonly exporter: LogExport,
  ) {}

  @Get('overview')
  overview(@Admin() admin: AdminCaller): Promise<AdminOverview> {
    return this.read.overview(admin);
  }

  /** `?q&status&since&until&sort&order&limit&offset`. */
  @Get('lobbies')
  lobbies(@Query() query: unknown): Promise<AdminLobbiesPage> {
    return this.read.search(query);
  }

  @Get('lobbies/:id')
  lobby(@Param('id') id: string): Promise<AdminLobbyDetail> {
    return this.read.detail(id);
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

  /** Reads only, so read-only tokens may check logs too. */
  @Post('lobbies/:id/verify')
  @HttpCode(200)
  verify(@Param('id') id: string): Promise<VerifyReport> {
    return this.verifier.verify(id);
  }

  /** The whole log as NDJSON, chat included (removed messages blank). */
  @Get('lobbies/:id/export')
  export(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.exporter.stream(req, res, id, false);
  }
}
