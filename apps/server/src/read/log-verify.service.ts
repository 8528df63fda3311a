/**
 * The log check (PROTOCOL §8.4, OPERATIONS §11.4): a lobby's whole log folded again from seq 1, a page at a
 * time, and compared with every snapshot stored for it, with the state this node holds in memory (if it
 * holds the lobby) and with the lobby row. The lowest seq where they disagree is reported. One check runs at
 * a time on a node, letting the event loop run between pages; a few more wait their turn, and past that the
 * request is refused with 429.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  applyEvent,
  lobbyStatus,
  lobbyWinner,
  stateHash,
  type LobbyEvent,
  type LobbyState,
} from '@four-banners/engine';
import { lobbyStateFromSnapshot, type StateSnapshot, type VerifyReport } from '@four-banners/protocol';
import { Counter, Histogram } from 'prom-client';
import { MetricsService } from '../common/metrics.service.js';
import { LobbyCache } from '../lobby/core/lobby-cache.js';
import { LobbyLogRepository, type LobbyRow } from '../storage/lobby-log.repository.js';
import { httpError } from '../common/http-errors.js';
import { stateDifferences } from './state-diff.js';

/** Events folded per page read. */
const VERIFY_PAGE_EVENTS = 1000;
/** Checks waiting behind the running one, at most. */
export const VERIFY_QUEUE_MAX = 4;

type Divergence = NonNullable<VerifyReport['divergence']>;

/** How the refold stands after an event: the state, or why the log stops folding. */
interface Refold {
  state: LobbyState | null;
  events: number;
  divergence: Divergence | null;
}

@Injectable()
export class LogVerifier {
  private readonly checks: Counter<'result'>;
  private readonly seconds: Histogram;
  /** The check running now and those waiting (their count bounds the queue). */
  private tail: Promise<unknown> = Promise.resolve();
  private queued = 0;

  constructor(
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(MetricsService) metrics: MetricsService,
  ) {
    this.checks = new Counter({
      name: 'fb_log_verifications_total',
      help: 'Log checks by result: consistent, diverged (a snapshot, the live state or the row disagrees with the refold) or error.',
      labelNames: ['result'],
      registers: [metrics.registry],
    });
    this.seconds = new Histogram({
      name: 'fb_log_verify_seconds',
      help: 'Time to check one lobby’s log (waiting in the queue not counted).',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [metrics.registry],
    });
  }

  /** Checks the lobby's log once the checks before it are done; 429 when too many wait, 404 for no lobby. */
  async verify(lobbyId: string): Promise<VerifyReport> {
    if (this.queued > VERIFY_QUEUE_MAX)
      throw httpError(
        HttpStatus.TOO_MANY_REQUESTS,
        'rate_limited',
        'Log checks are queued already on this server: try again when they are done.',
      );
    this.queued += 1;
    const run = this.tail.then(() => this.timed(lobbyId));
    this.tail = run.catch(() => undefined).finally(() => (this.queued -= 1));
    return run;
  }

  private async timed(lobbyId: string): Promise<VerifyReport> {
    const started = performance.now();
    try {
      const report = await this.check(lobbyId, started);
      this.checks.inc({ result: report.consistent ? 'consistent' : 'diverged' });
      return report;
    } catch (e) {
      if (!(e instanceof HttpException)) this.checks.inc({ result: 'error' });
      throw e;
    } finally {
      this.seconds.observe((performance.now() - started) / 1000);
    }
  }

  private async check(lobbyId: string, started: number): Promise<VerifyReport> {
    const row = await this.log.getLobby(lobbyId);
    if (!row) throw httpError(HttpStatus.NOT_FOUND, 'not_found', `There is no lobby ${lobbyId}.`);
    const snapshots = await this.log.snapshotSeqs(lobbyId);
    const refold: Refold = { state: null, events: 0, divergence: null };
    let snapshotsChecked = 0;
    let next = 0;
    for (let from = 1; from <= row.lastSeq && !refold.divergence; ) {
      const page = await this.log.readEvents(lobbyId, from, row.lastSeq, VERIFY_PAGE_EVENTS);
      if (page.length === 0) break;
      for (const event of page) {
        if (!this.fold(refold, event)) break;
        while (next < snapshots.length && snapshots[next]! < event.seq) next += 1;
        if (snapshots[next] === event.seq) {
          snapshotsChecked += 1;
          refold.divergence = await this.compareSnapshot(lobbyId, refold.state!);
          if (refold.divergence) break;
        }
      }
      from = page.at(-1)!.seq + 1;
      // The SQLite driver reads without yielding: the games go on between pages.
      await nextTurn();
    }
    let liveChecked = false;
    if (!refold.divergence) refold.divergence = this.compareRow(row, refold);
    if (!refold.divergence && refold.state) {
      const live = await this.liveComparison(lobbyId, refold.state);
      liveChecked = live.checked;
      refold.divergence = live.divergence;
    }
    const state = refold.state;
    return {
      lobbyId,
      consistent: refold.divergence === null,
      seq: state?.seq ?? 0,
      hash: state ? stateHash(state) : '',
      eventsChecked: refold.events,
      snapshotsChecked,
      liveChecked,
      divergence: refold.divergence,
      ms: Math.round(performance.now() - started),
    };
  }

  /** Folds one event; false (and the divergence set) when the log does not fold there. */
  private fold(refold: Refold, event: LobbyEvent): boolean {
    const next = applyEvent(refold.state, event);
    if (!next.ok) {
      refold.divergence = {
        seq: event.seq,
        source: 'fold',
        differences: [`${next.error.code}: ${next.error.message}`],
      };
      return false;
    }
    refold.state = next.value;
    refold.events += 1;
    return true;
  }

  private async compareSnapshot(lobbyId: string, state: LobbyState): Promise<Divergence | null> {
    const stored = await this.log.latestSnapshot(lobbyId, state.seq);
    if (!stored || stored.seq !== state.seq) return null;
    let found: LobbyState;
    try {
      found = lobbyStateFromSnapshot(JSON.parse(stored.state) as StateSnapshot);
    } catch (e) {
      return { seq: state.seq, source: 'snapshot', differences: [`the snapshot does not read: ${String(e)}`] };
    }
    return differs(state.seq, 'snapshot', found, state);
  }

  /** The row says what the refold at its last seq says: that seq, the status and the winner. */
  private compareRow(row: LobbyRow, refold: Refold): Divergence | null {
    const state = refold.state;
    const differences: string[] = [];
    if ((state?.seq ?? 0) !== row.lastSeq)
      differences.push(`lastSeq: ${row.lastSeq}, the log ends at ${state?.seq ?? 0}`);
    if (state && lobbyStatus(state) !== row.status)
      differences.push(`status: "${row.status}", expected "${lobbyStatus(state)}"`);
    if (state && lobbyWinner(state) !== row.winner)
      differences.push(`winner: ${JSON.stringify(row.winner)}, expected ${JSON.stringify(lobbyWinner(state))}`);
    return differences.length > 0 ? { seq: row.lastSeq, source: 'row', differences } : null;
  }

  /**
   * The state this node holds against the refold brought to the same seq (it may have moved on since the
   * row was read: the events in between are folded too). Not compared when memory is behind the log.
   */
  private async liveComparison(
    lobbyId: string,
    checked: LobbyState,
  ): Promise<{ checked: boolean; divergence: Divergence | null }> {
    const live = this.cache.cached(lobbyId);
    if (!live || live.seq < checked.seq) return { checked: false, divergence: null };
    const refold: Refold = { state: checked, events: 0, divergence: null };
    if (live.seq > checked.seq) {
      for (const event of await this.log.readEvents(lobbyId, checked.seq + 1, live.seq))
        if (!this.fold(refold, event)) return { checked: true, divergence: refold.divergence };
    }
    if (refold.state!.seq !== live.seq) return { checked: false, divergence: null };
    return { checked: true, divergence: differs(live.seq, 'live', live, refold.state!) };
  }
}

/** A divergence at `seq` when `found`'s hash is not the refold's, with the fields that differ. */
function differs(
  seq: number,
  source: Divergence['source'],
  found: LobbyState,
  expected: LobbyState,
): Divergence | null {
  if (stateHash(found) === stateHash(expected)) return null;
  const differences = stateDifferences(found, expected);
  return { seq, source, differences: differences.length > 0 ? differences : ['the state hashes differ'] };
}
