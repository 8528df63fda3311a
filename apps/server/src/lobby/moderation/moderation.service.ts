/**
 * Operators' actions on lobbies (PROTOCOL §4.9, §8.8): close a lobby, remove a seat, remove a chat message,
 * log a lobby mute. Each is a `moderation` event (actor `moderator`) committed through `LobbyStore.commit`
 * like any request, with its audit entry in the same transaction. Mutes, bans and reports are
 * `SanctionActions`' (sanction-actions.service.ts).
 */
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
import type { AdminActionResult } from '@four-banners/protocol';
import { newSeatId } from '../../common/ids.js';
import { MetricsService } from '../../common/metrics.service.js';
import { LobbyLogRepository } from '../../storage/lobby-log.repository.js';
import { auditInput } from '../../storage/moderation.repository.js';
import { isHuman } from '../core/lobby-cache.js';
import { Draft, LobbyStore } from '../core/lobby.store.js';
import { ModerationRefusal } from './moderation-refusal.js';

const notActable = (message: string) => new ModerationRefusal(409, 'not_actable', message);

@Injectable()
export class ModerationService {
  constructor(
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
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

  close(admin: string, lobbyId: string, reason: string): Promise<AdminActionResult> {
    return this.inOpenLobby(lobbyId, async (state) => {
      const draft = new Draft(state, new Date().toISOString());
      draft.add(moderation({ action: 'close', reason }));
      const people = state.players.filter(isHuman).map((s) => s.id);
      const seq = await this.store.commit(draft, {
        seats: people.map((id) => [id, null] as const),
        exit: people,
        audit: auditInput(admin, 'close', lobbyId, reason, draft.at, { seq: draft.current.seq }),
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
        audit: auditInput(admin, 'remove-seat', lobbyId, reason, draft.at, {
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
        audit: auditInput(admin, 'remove-chat', lobbyId, reason, draft.at, {
          seq: draft.current.seq,
          chatSeq: seq,
          playerId: message.playerId,
        }),
      });
      this.metrics.moderated('remove-chat');
      return { ok: true, seq: last };
    });
  }

  /** Appends the lobby mute to the lobby's log when it is open and the person sits there. */
  logMute(lobbyId: string, playerId: string, until: string, reason: string): Promise<number | undefined> {
    return this.store.inLobby(lobbyId, async (state) => {
      if (!state?.players.some((p) => p.id === playerId && isHuman(p))) return undefined;
      const draft = new Draft(state, new Date().toISOString());
      draft.add(moderation({ action: 'mute', playerId, until, reason }));
      return this.store.commit(draft, {});
    });
  }
}

/** A `moderation` event by the moderator. */
function moderation(payload: ModerationPayload) {
  return { kind: 'moderation' as const, actor: MODERATOR_ACTOR, seed: null, payload };
}
