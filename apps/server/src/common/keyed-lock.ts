/** Small concurrency tools: a queue per key (a lobby, a player) and a bounded number of tasks at once. */

/**
 * One task at a time per key: later tasks of a key wait for the earlier ones; different keys run freely.
 * A waiting task starts on a later turn of the event loop, not in the microtask that ended the one before:
 * with SQLite a task often never waits for I/O, and a long queue handed over in microtasks would hold the
 * loop (every other player's requests and sends) until its last task ended.
 */
export class KeyedLock {
  /** key → the end of its queue (settled once every task queued so far has). */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after every task queued before it under `key`; its result (or failure) is the caller's. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before !== undefined ? before.then(nextTurn).then(task) : task();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last task of a key forgets it, so the map holds only keys with work in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /**
   * Resolves once no key has work queued or running (tasks queued meanwhile are waited for too), or after
   * `ms` at most (a stopping server does not wait for ever).
   */
  async drained(ms: number): Promise<void> {
    const idle = (async () => {
      while (this.tails.size > 0) await Promise.all(this.tails.values());
    })();
    await within(ms, idle, undefined);
  }

  /** Keys with work queued or running. */
  get busy(): number {
    return this.tails.size;
  }
}

/** Resolves on the event loop's next turn, once the I/O that came meanwhile has been read. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** At most `size` tasks at once; the others wait in arrival order. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Runs `task` once fewer than `size` others run; its result (or failure) is the caller's. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // A waiter takes over this slot directly, so a newcomer cannot jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** Resolves like `work` (a failure: like `fallback`), or with `fallback` once `ms` have passed, whichever is first. */
export function within<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}
