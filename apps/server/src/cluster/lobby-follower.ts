/**
 * Following other nodes' commits: when the bus says another node committed a lobby this node holds, the
 * lobby is brought up to that seq — from the events that came with the notices when they reach it, else
 * from the database — and its events go to this node's clients. A burst of notices costs one catch-up
 * (those arriving while one runs are served by one more). When the bus comes back after an outage every
 * lobby held catches up, since the notices sent meanwhile are lost.
 *
 * The lobbies themselves sit a floor higher: they are reached through `FollowedLobbies`, which the lobby
 * store provides.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { LobbyEvent } from '@four-banners/engine';
import { AppLogger } from '../common/logger.js';
import { ServerStopping } from '../common/server-stopping.js';
import { ClusterBus } from './cluster-bus.js';

/** Events of other nodes' notices kept per lobby at most, waiting to be folded. */
const NOTICED_MAX_EVENTS = 512;

/** The events other nodes' notices brought for a lobby, and the seq last announced. */
export interface NoticedEvents {
  readonly events: ReadonlyMap<number, LobbyEvent>;
  readonly upTo: number;
}

/** What the follower needs of the lobbies this node holds. */
export abstract class FollowedLobbies {
  /** The seq of the lobby in memory (undefined: not held). */
  abstract heldSeq(lobbyId: string): number | undefined;
  /** The restore of the lobby under way, if any. */
  abstract restoring(lobbyId: string): Promise<unknown> | undefined;
  /** Every lobby held. */
  abstract held(): Iterable<string>;
  /**
   * Brings the lobby up to the log's tail (or to `noticed` when its events run from what memory holds to
   * `upTo`) and sends the new events to this node's clients; undefined once the lobby is closed.
   */
  abstract sync(lobbyId: string, noticed?: NoticedEvents): Promise<{ readonly seq: number } | undefined>;
}

@Injectable()
export class LobbyFollower {
  /** Lobbies being brought up to another node's notice → the highest seq announced meanwhile. */
  private readonly following = new Map<string, number>();
  /** Events that came with other nodes' notices, not folded yet, by lobby and seq (only for lobbies held). */
  private readonly noticed = new Map<string, Map<number, LobbyEvent>>();

  constructor(
    @Inject(FollowedLobbies) private readonly lobbies: FollowedLobbies,
    @Inject(AppLogger) private readonly logger: AppLogger,
    @Inject(ClusterBus) bus: ClusterBus,
  ) {
    bus.on('lobby-noticed', (lobbyId, lastSeq, events) => this.follow(lobbyId, lastSeq, events));
    bus.on('bus-reconnected', () => {
      for (const lobbyId of [...lobbies.held()]) this.follow(lobbyId, Number.MAX_SAFE_INTEGER);
    });
    // Whatever memory folded (a commit here, a catch-up) needs no noticed event up to its seq any more.
    bus.on('lobby-changed', (lobbyId) => this.forget(lobbyId, lobbies.heldSeq(lobbyId)));
  }

  /**
   * Another node committed the lobby's events up to `lastSeq`: when this node holds the lobby and is behind,
   * it syncs (once for a burst of notices: those arriving while a sync runs are served by one more).
   */
  follow(lobbyId: string, lastSeq: number, events: readonly LobbyEvent[] = []): void {
    const seq = this.lobbies.heldSeq(lobbyId);
    if (seq === undefined) {
      this.noticed.delete(lobbyId);
      // Being restored now: what it read may predate the notice, so look again once it is in memory.
      void this.lobbies.restoring(lobbyId)?.then(() => this.follow(lobbyId, lastSeq, events));
      return;
    }
    if (seq >= lastSeq) return;
    this.keep(lobbyId, seq, events);
    const running = this.following.has(lobbyId);
    this.following.set(lobbyId, Math.max(lastSeq, this.following.get(lobbyId) ?? 0));
    if (running) return;
    const run = async () => {
      for (;;) {
        const wanted = this.following.get(lobbyId)!;
        const kept = this.noticed.get(lobbyId);
        const state = await this.lobbies.sync(lobbyId, kept ? { events: kept, upTo: wanted } : undefined);
        this.forget(lobbyId, state?.seq);
        if (!state || state.seq >= this.following.get(lobbyId)! || this.following.get(lobbyId) === wanted) return;
      }
    };
    run()
      .catch((e: unknown) => {
        // Stopping: nobody is left here to send the lobby to.
        if (!(e instanceof ServerStopping)) this.logger.error('follow-failed', { lobby: lobbyId, error: String(e) });
      })
      .finally(() => this.following.delete(lobbyId));
  }

  /** Keeps a notice's events past `seq` (what memory holds) until they are folded; a lobby keeps a bounded number. */
  private keep(lobbyId: string, seq: number, events: readonly LobbyEvent[]): void {
    const fresh = events.filter((e) => e.seq > seq);
    if (fresh.length === 0) return;
    let kept = this.noticed.get(lobbyId);
    if (!kept) this.noticed.set(lobbyId, (kept = new Map()));
    // Far behind (notices lost, or a slow sync): the database serves it; the kept events are dropped.
    if (kept.size + fresh.length > NOTICED_MAX_EVENTS) {
      kept.clear();
      this.noticed.delete(lobbyId);
      return;
    }
    for (const e of fresh) kept.set(e.seq, e);
  }

  /** Drops the noticed events up to `seq` (folded, or committed here); all of them once the lobby is not held. */
  private forget(lobbyId: string, seq: number | undefined): void {
    const kept = this.noticed.get(lobbyId);
    if (!kept) return;
    if (seq !== undefined) for (const s of kept.keys()) if (s <= seq) kept.delete(s);
    if (kept.size === 0 || this.lobbies.heldSeq(lobbyId) === undefined) this.noticed.delete(lobbyId);
  }
}
