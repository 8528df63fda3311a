/**
 * Operators' actions on lobbies and people (PROTOCOL §4.9, §8.8): close a lobby, remove a seat, remove a
 * chat message, mute, ban, lift a sanction, resolve a report. What changes a lobby is appended to its log
 * as a `moderation` event (actor `moderator`) through `LobbyStore.commit`, with its audit entry in the same
 * transaction; mutes and bans are stored beside the logs and loaded by `SanctionsService`.
 */
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import {
  BOT_NAMES,
  COUNTRY,
  MODERATOR_ACTOR,
  SERVER_ACTOR,
  isGameOver,
  type LobbyState,
  type ModerationPayload,
  type Player,
} from '@four-banners/engine';
import type { AdminActionResult, Sanction } from '@four-banners/protocol';
import { addressKey } from '../common/client-address.js';
import { newSeatId } from '../common/ids.js';
import { MetricsService } from '../common/metrics.service.js';
import { LobbyLogRepository } from '../storage/lobby-log.repository.js';
import { type AuditInput, ModerationRepository } from '../storage/moderation.repository.js';
import { isHuman } from './lobby-cache.js';
import { Draft, LobbyStore } from './lobby.store.js';
import { SanctionsService } from './sanctions.service.js';

/** Why an action was refused: the HTTP status and code of PROTOCOL §8.8. */
export class ModerationRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: 'invalid_payload' | 'not_found' | 'not_actable',
    message: string,
  ) {
    super(message);
    this.name = 'ModerationRefusal';
  }
}

const notActable = (message: string) => new ModerationRefusal(409, 'not_actable', message);

@Injectable()
export class ModerationService {
  constructor(
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(ModerationRepository) private readonly repo: ModerationRepository,
    @Inject(SanctionsService) private readonly sanctions: SanctionsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  /** Runs `act` on the open lobby, with its lock held; 404 for an unknown lobby, 409 for a closed one. */
  private async inOpenLobby<T>(lobbyId: string, act: (state: LobbyState) => Promise<T>): Promise<T> {
    if (!(await this.log.getLobby(lobbyId)))
      throw new ModerationRefusal(404, 'not_found', `There is no lobby ${lobbyId}.`);
    return this.store.inLobby(lobbyId, async (state) => {
      if (!state) throw notActable(`The lobby ${lobbyId} is closed.`);
      return act(state);
    });
  }

  private audit(
    admin: string,
    action: string,
    target: string,
    reason: string,
    at: string,
    detail: Record<string, unknown>,
  ): AuditInput {
    return { at, admin, action, target, reason, detail };
  }

  close(admin: string, lobbyId: string, reason: string): Promise<AdminActionResult> {
    return this.inOpenLobby(lobbyId, async (state) => {
      const draft = new Draft(state, new Date().toISOString());
      draft.add(moderation({ action: 'close', reason }));
      const people = state.players.filter(isHuman).map((s) => s.id);
      const seq = await this.store.commit(draft, {
        seats: people.map((id) => [id, null] as const),
        exit: people,
        audit: this.audit(admin, 'close', lobbyId, reason, draft.at, { seq: draft.current.seq }),
      });
      this.metrics.moderated('close');
      return { ok: true, seq };
    });
  }

  /**
   * The person leaves their seat, with their hot-seat seats: in a running game a bot of the lobby's
   * `botLevel` takes each seat with a country in place, else the seat goes. The admin role passes on as a
   * leave passes it; the lobby closes when no person is left.
   */
  removeSeat(admin: string, lobbyId: string, playerId: string, reason: string): Promise<AdminActionResult> {
    return this.inOpenLobby(lobbyId, async (state) => {
      const target = state.players.find((s) => s.id === playerId);
      if (!target || !isHuman(target)) throw notActable(`${playerId} is not a person seated in lobby ${lobbyId}.`);
      const draft = new Draft(state, new Date().toISOString());
      const running = state.game.running && !isGameOver(state.game);
      const level = state.settings.botLevel;
      for (const seat of [target, ...state.players.filter((s) => s.local?.ownerId === target.id)]) {
        const bot: Player | undefined =
          running && seat.country !== COUNTRY.none
            ? { id: newSeatId('bot'), name: BOT_NAMES[level], country: seat.country, bot: { difficulty: level } }
            : undefined;
        draft.add(moderation({ action: 'remove-seat', playerId: seat.id, reason, ...(bot ? { bot } : {}) }));
      }
      const people = draft.current.players.filter(isHuman);
      if (people.length === 0) {
        draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { online: false } });
      } else if (!people.some((p) => p.id === draft.current.adminId)) {
        const next = people.find((p) => p.away === undefined) ?? people[0]!;
        draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { adminId: next.id } });
      }
      const seq = await this.store.commit(draft, {
        seats: [[target.id, null]],
        exit: [target.id],
        audit: this.audit(admin, 'remove-seat', lobbyId, reason, draft.at, {
          playerId,
          name: target.name,
          seq: state.seq + 1,
        }),
      });
      this.metrics.moderated('remove-seat');
      return { ok: true, seq };
    });
  }

  removeChat(admin: string, lobbyId: string, seq: number, reason: string): Promise<AdminActionResult> {
    return this.inOpenLobby(lobbyId, async (state) => {
      const message = state.messages.find((m) => m.seq === seq);
      if (!message) throw notActable(`There is no chat message at seq ${seq} in lobby ${lobbyId}.`);
      if (message.removed) throw notActable(`The chat message at seq ${seq} is removed already.`);
      const draft = new Draft(state, new Date().toISOString());
      draft.add(moderation({ action: 'remove-chat', seq, reason }));
      const last = await this.store.commit(draft, {
        chatRemoved: [seq],
        audit: this.audit(admin, 'remove-chat', lobbyId, reason, draft.at, {
          seq: draft.current.seq,
          chatSeq: seq,
          playerId: message.playerId,
        }),
      });
      this.metrics.moderated('remove-chat');
      return { ok: true, seq: last };
    });
  }

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
      this.audit(admin, 'mute', m.playerId, m.reason, at, detail),
    );
    await this.sanctions.refresh();
    this.metrics.moderated('mute');
    const seq = m.lobbyId === null ? undefined : await this.logMute(m.lobbyId, m.playerId, until, m.reason);
    return { ok: true, sanctionId, auditId, ...(seq === undefined ? {} : { seq }) };
  }

  /** Appends the lobby mute to the lobby's log when it is open and the person sits there. */
  private logMute(lobbyId: string, playerId: string, until: string, reason: string): Promise<number | undefined> {
    return this.store.inLobby(lobbyId, async (state) => {
      if (!state?.players.some((p) => p.id === playerId && isHuman(p))) return undefined;
      const draft = new Draft(state, new Date().toISOString());
      draft.add(moderation({ action: 'mute', playerId, until, reason }));
      return this.store.commit(draft, {});
    });
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
      this.audit(admin, 'ban', name, b.reason, at, { minutes: b.minutes ?? null, expiresAt }),
    );
    // This node's connections of the target are dropped by the load; other nodes' at their next one.
    await this.sanctions.refresh();
    this.metrics.moderated('ban');
    return { ok: true, sanctionId, auditId };
  }

  async lift(admin: string, id: number, reason: string): Promise<AdminActionResult & { sanction: Sanction }> {
    const at = new Date().toISOString();
    const lifted = await this.repo.liftSanction(
      id,
      admin,
      at,
      this.audit(admin, 'lift', `sanction:${id}`, reason, at, {}),
    );
    if (!lifted) throw new ModerationRefusal(404, 'not_found', `No sanction ${id} is in force.`);
    await this.sanctions.refresh();
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
    const audit = this.audit(admin, 'resolve', `report:${id}`, note, at, { resolution: r.resolution });
    const done = await this.repo.resolveReport(id, r.resolution, admin, at, audit);
    if (!done) throw new ModerationRefusal(404, 'not_found', `No report ${id} is waiting.`);
    await this.sanctions.refresh();
    this.metrics.moderated('resolve');
    return { ok: true, auditId: done.auditId };
  }
}

/** A `moderation` event by the moderator. */
function moderation(payload: ModerationPayload) {
  return { kind: 'moderation' as const, actor: MODERATOR_ACTOR, seed: null, payload };
}

/** The limits key of an address to ban (`2001:db8::1` or `2001:db8::/64` → `2001:db8:0:0::/64`); 400 when it is none. */
export function banAddress(address: string): string {
  const bare = address.trim().replace(/\/64$/, '');
  if (isIP(bare) === 0)
    throw new ModerationRefusal(400, 'invalid_payload', `${address.slice(0, 64)} is not an IP address.`);
  return addressKey(bare);
}
