/**
 * When a background job (a bot's turn, a takeover turn, a clock's decision, a quick match's start) failed
 * because its storage or Redis was away, it is tried again later (ARCHITECTURE §5.10): after 250 ms, then
 * twice as long after each further failure, up to `maxMs`, with a quarter of jitter so the lobbies of one
 * node do not all knock on the database at the same instant when it comes back. A success forgets the key.
 *
 * The keys it remembers are the lobbies (or, for a wake of bots, the players) with a failure since their
 * last success: a lobby that closes is forgotten by its owner (`forget`), a wake after its last try, so the
 * map never holds more than the node's open lobbies and connected players.
 */
import type { MetricsService, RetriedJob } from './metrics.service.js';

export const FIRST_RETRY_MS = 250;
export const MAX_RETRY_MS = 8_000;

export class RetryBackoff {
  /** key → failures in a row. */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly job: RetriedJob,
    private readonly metrics: MetricsService,
    private readonly maxMs = MAX_RETRY_MS,
    private readonly random: () => number = Math.random,
  ) {}

  /** Counts a failure of `key`'s job and returns how long to wait before trying it again (ms). */
  failed(key: string): number {
    const n = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, n);
    this.metrics.jobFailed(this.job);
    const base = Math.min(this.maxMs, FIRST_RETRY_MS * 2 ** Math.min(n - 1, 20));
    return Math.round(base * (0.75 + this.random() * 0.25));
  }

  /** `key`'s job is being tried again after a failure (counted once per retry). */
  retrying(key: string): boolean {
    if (!this.failures.has(key)) return false;
    this.metrics.jobRetried(this.job);
    return true;
  }

  /** `key`'s job went through: the next failure starts from the shortest wait again. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  /** Failures in a row of `key` (0: none since its last success). */
  failuresOf(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Keys with a failure since their last success (a gauge, and the bound test). */
  get size(): number {
    return this.failures.size;
  }
}
