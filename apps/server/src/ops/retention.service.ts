/**
 * Retention: what the server may forget. A lobby closed before its game ever started holds no replay, and
 * an identity that never sat in a lobby is a connection that came and went; anyone can make many of either.
 * Once `retentionDays` have passed they are deleted, in batches (one transaction each, yielding between
 * them) and a bounded number per sweep, so a backlog costs a few sweeps rather than one long stall.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { LobbyHub } from '../lobby/core/lobby.hub.js';
import { AppLogger } from '../common/logger.js';
import { RetentionRepository, type ExpiredLobby, type IdentityCursor } from '../storage/retention.repository.js';

/** How much one sweep may do. */
export interface RetentionLimits {
  /** Lobbies deleted per transaction… */
  readonly lobbiesPerBatch: number;
  /** …unless their events add up to more than this first (a batch always takes at least one lobby). */
  readonly eventsPerBatch: number;
  readonly identitiesPerBatch: number;
  /** Batches of each kind per sweep; what is left waits for the next sweep. */
  readonly batchesPerSweep: number;
}

export const RETENTION_LIMITS: RetentionLimits = {
  lobbiesPerBatch: 500,
  eventsPerBatch: 50_000,
  identitiesPerBatch: 500,
  batchesPerSweep: 20,
};

/** What one sweep deleted. */
export interface SweepResult {
  readonly lobbies: number;
  readonly events: number;
  readonly snapshots: number;
  readonly identities: number;
  /** Lobbies found started (a `start` in the log) although `started_at` was unset: marked, and kept. */
  readonly markedStarted: number;
  /** False when a batch cap ended the sweep with more left for the next one. */
  readonly complete: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The first sweep after a start: soon (a server restarted often would otherwise never sweep), not at once. */
const FIRST_SWEEP_MS = 60 * 1000;

/** The first lobbies of `candidates` whose events fit in `maxEvents` (at least one). */
function batchOf(candidates: readonly ExpiredLobby[], maxEvents: number): ExpiredLobby[] {
  let events = 0;
  let n = 0;
  while (n < candidates.length && (n === 0 || events + candidates[n]!.lastSeq <= maxEvents)) {
    events += candidates[n]!.lastSeq;
    n += 1;
  }
  return candidates.slice(0, n);
}

@Injectable()
export class RetentionService implements OnModuleInit, OnModuleDestroy {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<SweepResult> | null = null;
  private stopped = false;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(RetentionRepository) private readonly repository: RetentionRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    if (this.config.retentionDays <= 0) return;
    const run = () => {
      this.sweep().catch((e: unknown) => this.logger.error('retention-failed', { error: String(e) }));
    };
    this.timers = [setTimeout(run, FIRST_SWEEP_MS).unref(), setInterval(run, SWEEP_EVERY_MS).unref()];
  }

  onModuleDestroy(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }

  /**
   * Deletes closed lobbies that never started and identities never seated, both older than `retentionDays`
   * at `now` (nothing when it is 0). `now` is a parameter so tests step time instead of waiting for it;
   * a sweep asked for while one runs gets that one's result.
   */
  sweep(now = Date.now(), limits: RetentionLimits = RETENTION_LIMITS): Promise<SweepResult> {
    this.running ??= this.run(now, limits).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: number, limits: RetentionLimits): Promise<SweepResult> {
    if (this.config.retentionDays <= 0)
      return { lobbies: 0, events: 0, snapshots: 0, identities: 0, markedStarted: 0, complete: true };
    const started = performance.now();
    const before = new Date(now - this.config.retentionDays * DAY_MS).toISOString();
    const lobbies = await this.sweepLobbies(before, limits);
    const identities = await this.sweepIdentities(before, limits);
    const result: SweepResult = {
      lobbies: lobbies.lobbies,
      events: lobbies.events,
      snapshots: lobbies.snapshots,
      identities: identities.deleted,
      markedStarted: lobbies.markedStarted,
      complete: lobbies.complete && identities.complete,
    };
    if (result.lobbies + result.identities + result.markedStarted > 0)
      this.logger.info('retention-sweep', { ...result, before, ms: Math.round(performance.now() - started) });
    return result;
  }

  private async sweepLobbies(before: string, limits: RetentionLimits) {
    const total = { lobbies: 0, events: 0, snapshots: 0, markedStarted: 0, complete: false };
    for (let batch = 0; batch < limits.batchesPerSweep && !this.stopped; batch++) {
      const candidates = await this.repository.expiredLobbies(before, limits.lobbiesPerBatch);
      if (candidates.length === 0) return { ...total, complete: true };
      const ids = batchOf(candidates, limits.eventsPerBatch).map((l) => l.id);
      // A write path that missed `started_at` must not cost a replay: such a lobby is marked, not deleted.
      const deleted = await this.repository.deleteLobbies(ids);
      total.lobbies += deleted.lobbies;
      total.events += deleted.events;
      total.snapshots += deleted.snapshots;
      total.markedStarted += deleted.markedStarted;
      await nextTurn();
    }
    return total;
  }

  private async sweepIdentities(before: string, limits: RetentionLimits) {
    let deleted = 0;
    let cursor: IdentityCursor | null = null;
    for (let batch = 0; batch < limits.batchesPerSweep && !this.stopped; batch++) {
      const found = await this.repository.unseatedIdentities(before, cursor, limits.identitiesPerBatch);
      if (found.length === 0) return { deleted, complete: true };
      cursor = found.at(-1)!;
      // A connection still open on an old identity keeps it (it may yet create or join a lobby).
      const ids = found.filter((p) => !this.hub.isOnline(p.id)).map((p) => p.id);
      deleted += await this.repository.deleteIdentities(ids);
      await nextTurn();
    }
    return { deleted, complete: false };
  }
}
