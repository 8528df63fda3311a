/** The per-lobby (and per-player) queue the store and gateway serialise requests with, and the pool's holder cap. */
import { describe, expect, it } from 'vitest';
import { KeyedLock, Semaphore } from './keyed-lock.js';

/** A promise with its resolve, to hold a task open until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const turns = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KeyedLock', () => {
  it('runs the tasks of one key one at a time, in the order they came, and other keys meanwhile', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const first = gate();
    const a1 = lock.run('a', async () => {
      log.push('a1 start');
      await first.promise;
      log.push('a1 end');
    });
    const a2 = lock.run('a', async () => void log.push('a2'));
    const b1 = lock.run('b', async () => void log.push('b1'));
    await b1;
    await turns();
    expect(log).toEqual(['a1 start', 'b1']);
    first.open();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it("a failed task fails for its caller only; the key's next task still runs; idle keys are forgotten", async () => {
    const lock = new KeyedLock();
    const failed = lock.run('a', async () => {
      throw new Error('refused');
    });
    const next = lock.run('a', async () => 42);
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe(42);
    await turns();
    expect(lock.busy).toBe(0);
  });
});

describe('Semaphore', () => {
  it('runs at most its size at once; the others start in arrival order as slots free', async () => {
    const semaphore = new Semaphore(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const tasks = gates.map((g, i) =>
      semaphore.run(async () => {
        started.push(i);
        await g.promise;
      }),
    );
    await turns();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await turns();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    await Promise.all(tasks);
    expect(started).toEqual([0, 1, 2, 3]);
  });
});
