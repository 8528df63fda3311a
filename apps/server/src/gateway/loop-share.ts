/**
 * How requests share the event loop (ARCHITECTURE §5.2). On SQLite a request's work never waits for I/O:
 * the frames of a hundred sockets read in one poll of the loop would run back to back, and a player's move
 * in their game would wait for all of them, as would every timer and send. So a turn of the loop spends at
 * most `budgetMs` starting requests; past it, requests wait for later turns, and the waiting ones start one
 * per turn (the I/O that came meanwhile is read between two), moves before seats: a game's move never waits
 * behind a crowd entering and leaving lobbies (attack 8 of the abuse bench).
 *
 * What waits is bounded by the connections: the request runner asks for a turn for the first request of a
 * player only (their others queue behind it, per player), and the connection guard for each handshake it
 * admits (the connections an address may hold are capped).
 */

/**
 * `play`: what a seated person does in their lobby and game (moves, chat, settings, resync);
 * `seating`: what seats or unseats someone (create, join, leave, quick match, rematch).
 */
export type Lane = 'play' | 'seating';

/** The longest a turn of the loop spends starting requests before the next ones wait for a later turn. */
export const TURN_BUDGET_MS = 5;

export class LoopShare {
  /** When this turn of the loop started its first request (performance clock); null: none yet. */
  private turnStartedAt: number | null = null;
  private readonly waiting: Record<Lane, (() => void)[]> = { play: [], seating: [] };
  private releasing = false;

  private readonly budgetMs: number;
  private readonly now: () => number;

  constructor(options: { budgetMs?: number; now?: () => number } = {}) {
    this.budgetMs = options.budgetMs ?? TURN_BUDGET_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * Resolves when a request of `lane` may start: null when it may start now (no await, so a quiet server
   * adds nothing to a request's time), else a promise settled on a later turn.
   */
  turn(lane: Lane): Promise<void> | null {
    const ahead = lane === 'play' ? this.waiting.play.length : this.queued;
    if (ahead === 0 && this.withinBudget()) return null;
    return new Promise<void>((resolve) => {
      this.waiting[lane].push(resolve);
      this.releaseSoon();
    });
  }

  /** Requests waiting for a turn. */
  get queued(): number {
    return this.waiting.play.length + this.waiting.seating.length;
  }

  /** Whether this turn of the loop has spent less than its budget (the first request of a turn opens it). */
  private withinBudget(): boolean {
    const now = this.now();
    if (this.turnStartedAt === null) {
      this.turnStartedAt = now;
      // The check phase ends the turn's budget: the next poll of the loop opens a new one.
      setImmediate(() => {
        this.turnStartedAt = null;
      });
      return true;
    }
    return now - this.turnStartedAt < this.budgetMs;
  }

  private releaseSoon(): void {
    if (this.releasing) return;
    this.releasing = true;
    setImmediate(() => this.releaseOne());
  }

  /** Starts the first waiting request, moves first; the next one on the loop's next turn. */
  private releaseOne(): void {
    const next = this.waiting.play.shift() ?? this.waiting.seating.shift();
    next?.();
    // Queued from inside an immediate, it runs on the loop's next turn, after that turn's poll.
    if (this.queued > 0) setImmediate(() => this.releaseOne());
    else this.releasing = false;
  }
}
