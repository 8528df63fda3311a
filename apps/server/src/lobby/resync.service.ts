/**
 * Catching a client up (DESIGN.md §5 Resync): the events after the seq it holds, or a snapshot of the
 * current state when that tail is too long in events or in bytes. An answer is never larger than a
 * snapshot or the byte cap, and each one is charged to the player by the KiB it sends.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { LobbyState } from '@four-banners/engine';
import { LIMITS, syncStateSchema, type StateSnapshot, type SyncAck } from '@four-banners/protocol';
import type { z } from 'zod';
import { CONFIG, type ServerConfig } from '../config.js';
import { LimitsService, REFUSAL_MESSAGES } from '../limits/limits.service.js';
import { snapshotOf } from './broadcasts.js';
import { LobbyLogRepository } from './lobby-log.repository.js';
import { fail } from './lobby.service.js';
import { LobbyStore } from './lobby.store.js';

/** About what an event's fields other than its payload weigh in JSON (seq, kind, actor, seed, at). */
const EVENT_ENVELOPE_BYTES = 120;

/** Snapshot sizes by folded state: a state never changes, so each is measured once (and forgotten with it). */
const snapshotSizes = new WeakMap<LobbyState, number>();

/** What `snapshot` (of `state`) weighs in JSON. */
function snapshotBytes(state: LobbyState, snapshot: StateSnapshot): number {
  let bytes = snapshotSizes.get(state);
  if (bytes === undefined) snapshotSizes.set(state, (bytes = JSON.stringify(snapshot).length));
  return bytes;
}

@Injectable()
export class ResyncService {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LimitsService) private readonly limits: LimitsService,
  ) {}

  /** The answer to `client-sync-state` (DESIGN.md §5.1 "Resync answer") for `caller` at `address`. */
  sync(caller: string, address: string, p: z.output<typeof syncStateSchema>): SyncAck {
    // Several identities of one address share one more budget, so making identities gains nothing.
    if (!this.limits.allowAddress('sync_per_address', address)) {
      return fail('rate_limited', REFUSAL_MESSAGES.sync_per_address);
    }
    const state = this.store.getLobby(p.lobbyId);
    if (!state) return fail('not_found', `There is no open lobby ${p.lobbyId}.`);
    if (!state.players.some((s) => s.id === caller)) return fail('not_in_lobby', 'You are not in that lobby.');
    if (p.afterSeq >= state.seq) return { ok: true, events: [] };
    const count = state.seq - p.afterSeq;
    const bytes =
      count > LIMITS.resyncSnapshotGap
        ? Infinity
        : this.log.payloadBytes(state.lobbyId, p.afterSeq + 1) + count * EVENT_ENVELOPE_BYTES;
    if (bytes > this.config.bytes.resyncTail) {
      const snapshot = snapshotOf(state);
      this.charge(caller, address, snapshotBytes(state, snapshot));
      return { ok: true, snapshot, events: [] };
    }
    this.charge(caller, address, bytes);
    return { ok: true, events: this.log.readEvents(state.lobbyId, p.afterSeq + 1) };
  }

  private charge(caller: string, address: string, bytes: number): void {
    this.limits.chargePlayer('sync', caller, bytes / 1024);
    this.limits.chargeAddress('sync_per_address', address, bytes / 1024);
  }
}
