/**
 * Catching a client up (PROTOCOL §5.2): the events after the seq it holds, or a snapshot of the
 * current state when that tail is too long in events or in bytes. An answer is never larger than a
 * snapshot or the byte cap, and each one is charged to the player by the KiB it sends. A player seated in
 * the lobby resyncs with `client-sync-state`; a watcher with `client-watch-lobby` (the same answer, chat
 * text blank).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { LobbyEvent, LobbyState } from '@four-banners/engine';
import { LIMITS, syncStateSchema, type AckError, type StateSnapshot, type SyncAck } from '@four-banners/protocol';
import type { z } from 'zod';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { LimitsService, REFUSAL_MESSAGES } from '../../limits/limits.service.js';
import { snapshotOf, withoutChatText } from '@four-banners/protocol';
import { LobbyLogRepository } from '../../storage/lobby-log.repository.js';
import { fail } from '../core/requests.js';
import { LobbyCache } from '../core/lobby-cache.js';

/** Who reads an answer: a seated player sees the chat, a watcher gets its text blank. */
export type Reader = 'seat' | 'watcher';

/** A resync answer: the events after the reader's seq, or a snapshot (then `events` is empty). */
export interface CatchUp {
  readonly ok: true;
  readonly events: readonly LobbyEvent[];
  readonly snapshot?: StateSnapshot;
}

interface Measured {
  readonly snapshot: StateSnapshot;
  readonly bytes: number;
}

/**
 * Snapshots by folded state and reader, with what each weighs in JSON: a state never changes, so each is
 * made and measured once (and forgotten with it), however many watchers ask for it at once.
 */
const snapshots: Record<Reader, WeakMap<LobbyState, Measured>> = { seat: new WeakMap(), watcher: new WeakMap() };

function measuredSnapshot(state: LobbyState, reader: Reader): Measured {
  let measured = snapshots[reader].get(state);
  if (!measured) {
    const full = snapshotOf(state);
    const snapshot = reader === 'seat' ? full : withoutChatText(full);
    measured = { snapshot, bytes: JSON.stringify(snapshot).length };
    snapshots[reader].set(state, measured);
  }
  return measured;
}

/** An event as a watcher reads it: a chat keeps its place in the log (seqs stay contiguous) but not its text. */
function blankChat(event: LobbyEvent): LobbyEvent {
  return event.kind === 'chat' ? { ...event, payload: { ...event.payload, msg: '' } } : event;
}

@Injectable()
export class ResyncService {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LimitsService) private readonly limits: LimitsService,
  ) {}

  /** The answer to `client-sync-state` (PROTOCOL §5.2) for `caller` at `address`. */
  async sync(caller: string, address: string, p: z.output<typeof syncStateSchema>): Promise<SyncAck> {
    const state = await this.lobbyToRead(address, p.lobbyId);
    if ('ok' in state) return state;
    if (!state.players.some((s) => s.id === caller)) return fail('not_in_lobby', 'You are not in that lobby.');
    return this.catchUp(caller, address, state, p.afterSeq, 'seat');
  }

  /**
   * The open lobby a resync (or a watch) reads, or why not: the address's resync budget is spent, or there
   * is no such open lobby.
   */
  async lobbyToRead(address: string, lobbyId: string): Promise<LobbyState | AckError> {
    // Several identities of one address share one more budget, so making identities gains nothing.
    if (!(await this.limits.allowAddress('sync_per_address', address))) {
      return fail('rate_limited', REFUSAL_MESSAGES.sync_per_address);
    }
    return (await this.cache.getLobby(lobbyId)) ?? fail('not_found', `There is no open lobby ${lobbyId}.`);
  }

  /**
   * What `caller` needs after `afterSeq`: the events, or a snapshot when they are more than
   * `LIMITS.resyncSnapshotGap` or weigh more than `bytes.resyncTail` (their payloads plus
   * `LIMITS.resyncEventEnvelopeBytes` each: docs/PROTOCOL.md §5.2); charged to the caller's and the
   * address's resync budgets by the KiB it sends. A watcher's answer has chat text blank. The events are read
   * up to `state`'s seq: a later one is committed but not broadcast yet, and reaches the reader as a broadcast.
   */
  async catchUp(
    caller: string,
    address: string,
    state: LobbyState,
    afterSeq: number,
    reader: Reader,
  ): Promise<CatchUp> {
    if (afterSeq >= state.seq) return { ok: true, events: [] };
    const count = state.seq - afterSeq;
    const bytes =
      count > LIMITS.resyncSnapshotGap
        ? Infinity
        : (await this.log.payloadBytes(state.lobbyId, afterSeq + 1)) + count * LIMITS.resyncEventEnvelopeBytes;
    if (bytes > this.config.bytes.resyncTail) {
      const measured = measuredSnapshot(state, reader);
      this.charge(caller, address, measured.bytes);
      return { ok: true, snapshot: measured.snapshot, events: [] };
    }
    this.charge(caller, address, bytes);
    const events = await this.log.readEvents(state.lobbyId, afterSeq + 1, state.seq);
    if (reader === 'watcher') return { ok: true, events: events.map(blankChat) };
    // A message a moderator removed is served blank (PROTOCOL §4.9): the state folded knows which.
    const removed = new Set(state.messages.filter((m) => m.removed).map((m) => m.seq));
    return {
      ok: true,
      events: removed.size === 0 ? events : events.map((e) => (removed.has(e.seq) ? blankChat(e) : e)),
    };
  }

  private charge(caller: string, address: string, bytes: number): void {
    this.limits.chargePlayer('sync', caller, bytes / 1024);
    this.limits.chargeAddress('sync_per_address', address, bytes / 1024);
  }
}
