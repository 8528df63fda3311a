/**
 * How requests share the event loop (ARCHITECTURE §5.2): a turn spends its budget starting requests, the
 * rest start one per later turn, moves before seats. The clock is the test's own; the turns are real.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopShare, type Lane } from './loop-share.js';

/** A share whose clock moves only when told, with a log of the requests it let start, in order. */
function rig() {
  let clock = 0;
  const share = new LoopShare({ budgetMs: 5, now: () => clock });
  const started: string[] = [];
  /** Asks for a turn; true when the request may start at once. */
  const ask = (lane: Lane, name: string): boolean => {
    const wait = share.turn(lane);
    if (wait === null) started.push(name);
    else void wait.then(() => started.push(name));
    return wait === null;
  };
  return { share, started, ask, spend: (ms: number) => (clock += ms) };
}

describe('requests share the event loop (ARCHITECTURE §5.2)', () => {
  it('a quiet turn starts every request at once, without a promise', () => {
    const { ask, started, spend } = rig();
    expect(ask('seating', 'a')).toBe(true);
    spend(1);
    expect(ask('play', 'b')).toBe(true);
    spend(1);
    expect(ask('seating', 'c')).toBe(true);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('past its budget a turn starts no more: the rest start one per later turn', async () => {
    const { ask, started, spend, share } = rig();
    ask('seating', 'a');
    spend(6);
    expect(ask('seating', 'b')).toBe(false);
    expect(ask('seating', 'c')).toBe(false);
    expect(share.queued).toBe(2);
    expect(started).toEqual(['a']);
    await nextTurn();
    expect(started).toEqual(['a', 'b']);
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(share.queued).toBe(0);
  });

  it('waiting moves start before waiting seats, whatever came first', async () => {
    const { ask, started, spend } = rig();
    ask('seating', 'first');
    spend(6);
    ask('seating', 'seat 1');
    ask('seating', 'seat 2');
    ask('play', 'move');
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(started).toEqual(['first', 'move', 'seat 1', 'seat 2']);
  });

  it('on a fresh turn a move starts at once while seats still wait, and a new seat waits behind them', async () => {
    const { ask, started, spend, share } = rig();
    ask('seating', 'first');
    spend(6);
    ask('seating', 'seat 1');
    ask('seating', 'seat 2');
    await nextTurn();
    expect(started).toEqual(['first', 'seat 1']);
    // A new turn, its budget fresh; seat 2 still waits.
    expect(ask('play', 'move')).toBe(true);
    expect(ask('seating', 'seat 3')).toBe(false);
    expect(share.queued).toBe(2);
    await nextTurn();
    await nextTurn();
    expect(started).toEqual(['first', 'seat 1', 'move', 'seat 2', 'seat 3']);
  });
});
