/**
 * Operators' decisions kept beside the logs (PROTOCOL §4.9, §8.8): mutes and bans (each with its audit entry in
 * one transaction, then loaded at once on every node by `SanctionsService`), lifting them, and resolving
 * players' reports. A lobby mute is also logged in that lobby (`ModerationService.logMute`).
 */
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { AdminActionResult, Sanction } from '@four-banners/protocol';
import { addressKey } from '../../common/client-address.js';
import { MetricsService } from '../../common/metrics.service.js';
import { LobbyLogRepository } from '../../storage/lobby-log.repository.js';
import { ModerationRepository, auditInput } from '../../storage/moderation.repository.js';
import { ModerationRefusal } from './moderation-refusal.js';
import { ModerationService } from './moderation.service.js';
import { SanctionsService } from './sanctions.service.js';

@Injectable()
export class SanctionActions {
  constructor(
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(ModerationRepository) private readonly repo: ModerationRepository,
    @Inject(ModerationService) private readonly lobbies: ModerationService,
    @Inject(SanctionsService) private readonly sanctions: SanctionsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  /**
   * Mutes a person for `minutes`, in one lobby or everywhere. A lobby mute is also logged in that lobby when
   * it is open and the person sits there, so its players see it.
   */
  async mute(
    admin: string,
    m: { playerId: string; lobbyId: string | null; minutes: number; reason: string },
  ): Promise<AdminActionResult> {
    if (m.lobbyId !== null && !(await this.log.getLobby(m.lobbyId)))
      throw new ModerationRefusal(404, 'not_found', `There is no lobby ${m.lobbyId}.`);
    const now = new Date();
    const until = new Date(now.getTime() + m.minutes * 60_000).toISOString();
    const at = now.toISOString();
    const sanction = {
      kind: 'mute' as const,
      target: { identity: m.playerId },
      lobbyId: m.lobbyId,
      reason: m.reason,
      by: admin,
      createdAt: at,
      expiresAt: until,
    };
    const detail = { lobbyId: m.lobbyId, minutes: m.minutes, until };
    const { sanctionId, auditId } = await this.repo.addSanction(
      sanction,
      auditInput(admin, 'mute', m.playerId, m.reason, at, detail),
    );
    await this.sanctions.changed();
    this.metrics.moderated('mute');
    const seq = m.lobbyId === null ? undefined : await this.lobbies.logMute(m.lobbyId, m.playerId, until, m.reason);
    return { ok: true, sanctionId, auditId, ...(seq === undefined ? {} : { seq }) };
  }

  /** Bans an identity or an address (an IPv6 address by its /64) for `minutes`, or until lifted. */
  async ban(
    admin: string,
    b: { target: { identity: string } | { address: string }; minutes?: number | undefined; reason: string },
  ): Promise<AdminActionResult> {
    const target = 'identity' in b.target ? b.target : { address: banAddress(b.target.address) };
    const now = new Date();
    const at = now.toISOString();
    const expiresAt = b.minutes === undefined ? null : new Date(now.getTime() + b.minutes * 60_000).toISOString();
    const sanction = {
      kind: 'ban' as const,
      target,
      lobbyId: null,
      reason: b.reason,
      by: admin,
      createdAt: at,
      expiresAt,
    };
    const name = 'identity' in target ? target.identity : target.address;
    const { sanctionId, auditId } = await this.repo.addSanction(
      sanction,
      auditInput(admin, 'ban', name, b.reason, at, { minutes: b.minutes ?? null, expiresAt }),
    );
    // This node's connections of the target are dropped by the load, the other nodes' when told.
    await this.sanctions.changed();
    this.metrics.moderated('ban');
    return { ok: true, sanctionId, auditId };
  }

  async lift(admin: string, id: number, reason: string): Promise<AdminActionResult & { sanction: Sanction }> {
    const at = new Date().toISOString();
    const lifted = await this.repo.liftSanction(
      id,
      admin,
      at,
      auditInput(admin, 'lift', `sanction:${id}`, reason, at, {}),
    );
    if (!lifted) throw new ModerationRefusal(404, 'not_found', `No sanction ${id} is in force.`);
    await this.sanctions.changed();
    this.metrics.moderated('lift');
    return { ok: true, auditId: lifted.auditId, sanction: lifted.sanction };
  }

  async resolve(
    admin: string,
    id: number,
    r: { resolution: 'actioned' | 'dismissed'; note?: string | undefined },
  ): Promise<AdminActionResult> {
    const at = new Date().toISOString();
    const note = r.note ?? '';
    const audit = auditInput(admin, 'resolve', `report:${id}`, note, at, { resolution: r.resolution });
    const done = await this.repo.resolveReport(id, r.resolution, admin, at, audit);
    if (!done) throw new ModerationRefusal(404, 'not_found', `No report ${id} is waiting.`);
    await this.sanctions.refresh();
    this.metrics.moderated('resolve');
    return { ok: true, auditId: done.auditId };
  }
}

/** The limits key of an address to ban (`2001:db8::1` or `2001:db8::/64` → `2001:db8:0:0::/64`); 400 when it is none. */
export function banAddress(address: string): string {
  const bare = address.trim().replace(/\/64$/, '');
  if (isIP(bare) === 0)
    throw new ModerationRefusal(400, 'invalid_payload', `${address.slice(0, 64)} is not an IP address.`);
  return addressKey(bare);
}
