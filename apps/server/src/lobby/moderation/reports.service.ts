/**
 * Players' reports (`client-report`, PROTOCOL §4.9): a seated person reports another person of the same
 * lobby. Limited per player (`REPORT_*`, checked by the gateway) and per address (`ADDRESS_REPORT_*`, here);
 * a report while the same reporter's report about the same person in the same lobby is still open adds no row.
 * Nothing is logged in the lobby and the reported person is not told.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Ack, reportSchema } from '@four-banners/protocol';
import type { z } from 'zod';
import { MetricsService } from '../../common/metrics.service.js';
import { LimitsService, REFUSAL_MESSAGES } from '../../limits/limits.service.js';
import { ModerationRepository } from '../../storage/moderation.repository.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { done, fail } from '../core/requests.js';

@Injectable()
export class ReportsService {
  constructor(
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(ModerationRepository) private readonly repo: ModerationRepository,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  async report(caller: string, address: string, p: z.output<typeof reportSchema>): Promise<Ack> {
    if (!(await this.limits.allowAddress('reports_per_address', address)))
      return fail('rate_limited', REFUSAL_MESSAGES.reports_per_address);
    const state = await this.cache.seatOf(caller);
    if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
    const reporter = state.players.find((s) => s.id === caller)!;
    const target = state.players.find((s) => s.id === p.playerId);
    if (!target || !isHuman(target)) return fail('not_actable', 'You can report only a person seated in your lobby.');
    if (target.id === caller) return fail('not_actable', 'You cannot report yourself.');
    if (p.seq !== undefined && !state.messages.some((m) => m.seq === p.seq && m.playerId === target.id))
      return fail('not_actable', `There is no chat message of ${target.name} at seq ${p.seq}.`);
    if ((await this.repo.findOpenReport(caller, target.id, state.lobbyId)) !== undefined) return done();
    await this.repo.addReport({
      lobbyId: state.lobbyId,
      seq: p.seq ?? state.seq,
      reporterId: caller,
      reporterName: reporter.name,
      reporterAddress: address,
      targetId: target.id,
      targetName: target.name,
      reason: p.reason,
      note: p.note ?? '',
      createdAt: new Date().toISOString(),
    });
    this.metrics.reported();
    return done();
  }
}
