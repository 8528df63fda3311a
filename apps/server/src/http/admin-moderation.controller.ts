/**
 * The moderation API (PROTOCOL §8.8, §4.9): close a lobby, remove a seat or a chat message, mute, ban, lift,
 * and the lists of sanctions, reports and the audit log. Behind the admin guard; what changes something
 * needs a token that may moderate (`@Moderation()`, else 403). Bodies are parsed with the shared zod
 * schemas (400 `invalid_payload`); every action is written to the audit log with the token's name.
 */
import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  adminBanSchema,
  adminCloseSchema,
  adminLiftSchema,
  adminMuteSchema,
  adminRemoveChatSchema,
  adminRemoveSeatSchema,
  adminResolveSchema,
  type AdminActionResult,
  type AdminListPage,
  type AuditEntry,
  type Report,
  type Sanction,
} from '@four-banners/protocol';
import { z } from 'zod';
import { ModerationRefusal } from '../lobby/moderation/moderation-refusal.js';
import { ModerationService } from '../lobby/moderation/moderation.service.js';
import { SanctionActions } from '../lobby/moderation/sanction-actions.service.js';
import { ModerationRepository } from '../storage/moderation.repository.js';
import { Admin, AdminGuard, Moderation, type AdminCaller } from './admin.guard.js';
import { httpError } from '../common/http-errors.js';

const page = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};
const sanctionsQuerySchema = z.object({ active: z.enum(['true', 'false']).default('true'), ...page });
const reportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  lobby: z.string().min(1).max(64).optional(),
  ...page,
});
const auditQuerySchema = z.object({ admin: z.string().min(1).max(64).optional(), ...page });
const idSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** `value` parsed by `schema`, or 400 `invalid_payload` with the first issue. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue
    ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`
    : 'Invalid body.';
  throw httpError(HttpStatus.BAD_REQUEST, 'invalid_payload', message);
}

/** One page of a list fetched with one row more than asked, so the next offset is known. */
function pageOf<T>(rows: readonly T[], limit: number, offset: number): AdminListPage<T> {
  return { items: rows.slice(0, limit), nextOffset: rows.length > limit ? offset + limit : null };
}

/** The service's refusal as an HTTP error. */
async function answer<T>(act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (e) {
    if (e instanceof ModerationRefusal) throw httpError(e.status, e.code, e.message);
    throw e;
  }
}

@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminModerationController {
  constructor(
    @Inject(ModerationService) private readonly moderation: ModerationService,
    @Inject(SanctionActions) private readonly actions: SanctionActions,
    @Inject(ModerationRepository) private readonly repo: ModerationRepository,
  ) {}

  @Post('lobbies/:id/close')
  @HttpCode(200)
  @Moderation()
  close(@Admin() admin: AdminCaller, @Param('id') id: string, @Body() body: unknown): Promise<AdminActionResult> {
    const { reason } = parse(adminCloseSchema, body);
    return answer(() => this.moderation.close(admin.name, id, reason));
  }

  @Post('lobbies/:id/remove-seat')
  @HttpCode(200)
  @Moderation()
  removeSeat(@Admin() admin: AdminCaller, @Param('id') id: string, @Body() body: unknown): Promise<AdminActionResult> {
    const { playerId, reason } = parse(adminRemoveSeatSchema, body);
    return answer(() => this.moderation.removeSeat(admin.name, id, playerId, reason));
  }

  @Post('lobbies/:id/remove-chat')
  @HttpCode(200)
  @Moderation()
  removeChat(@Admin() admin: AdminCaller, @Param('id') id: string, @Body() body: unknown): Promise<AdminActionResult> {
    const { seq, reason } = parse(adminRemoveChatSchema, body);
    return answer(() => this.moderation.removeChat(admin.name, id, seq, reason));
  }

  @Post('mutes')
  @HttpCode(200)
  @Moderation()
  mute(@Admin() admin: AdminCaller, @Body() body: unknown): Promise<AdminActionResult> {
    const mute = parse(adminMuteSchema, body);
    return answer(() => this.actions.mute(admin.name, mute));
  }

  @Post('bans')
  @HttpCode(200)
  @Moderation()
  ban(@Admin() admin: AdminCaller, @Body() body: unknown): Promise<AdminActionResult> {
    const ban = parse(adminBanSchema, body);
    return answer(() => this.actions.ban(admin.name, ban));
  }

  @Get('sanctions')
  async sanctions(@Query() query: unknown): Promise<AdminListPage<Sanction>> {
    const q = parse(sanctionsQuerySchema, query);
    const rows = await this.repo.listSanctions({
      active: q.active === 'true',
      now: new Date().toISOString(),
      limit: q.limit + 1,
      offset: q.offset,
    });
    return pageOf(rows, q.limit, q.offset);
  }

  @Post('sanctions/:id/lift')
  @HttpCode(200)
  @Moderation()
  lift(@Admin() admin: AdminCaller, @Param('id') id: string, @Body() body: unknown): Promise<AdminActionResult> {
    const sanctionId = parse(idSchema, id);
    const { reason } = parse(adminLiftSchema, body);
    return answer(async () => {
      const { sanction: _sanction, ...result } = await this.actions.lift(admin.name, sanctionId, reason);
      return result;
    });
  }

  @Get('reports')
  async reports(@Query() query: unknown): Promise<AdminListPage<Report>> {
    const q = parse(reportsQuerySchema, query);
    const rows = await this.repo.listReports({
      open: q.status === 'open',
      ...(q.lobby === undefined ? {} : { lobbyId: q.lobby }),
      limit: q.limit + 1,
      offset: q.offset,
    });
    return pageOf(rows, q.limit, q.offset);
  }

  @Post('reports/:id/resolve')
  @HttpCode(200)
  @Moderation()
  resolve(@Admin() admin: AdminCaller, @Param('id') id: string, @Body() body: unknown): Promise<AdminActionResult> {
    const reportId = parse(idSchema, id);
    const resolution = parse(adminResolveSchema, body);
    return answer(() => this.actions.resolve(admin.name, reportId, resolution));
  }

  @Get('audit')
  async audit(@Query() query: unknown): Promise<AdminListPage<AuditEntry>> {
    const q = parse(auditQuerySchema, query);
    const rows = await this.repo.listAudit({
      ...(q.admin === undefined ? {} : { admin: q.admin }),
      limit: q.limit + 1,
      offset: q.offset,
    });
    return pageOf(rows, q.limit, q.offset);
  }
}
