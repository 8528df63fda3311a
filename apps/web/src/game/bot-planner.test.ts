import { fold, stateHash, type LobbyEvent, type SeededAction } from '@four-banners/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planHere, type BotRequest, type PlanAnswer, type PlanMessage } from './bot-plan';
import { WorkerPlanner, type BotPlanner } from './bot-planner';
import { offlineGameLog } from './offline-log';
import { OfflineSession } from './offline-session';
import { DEVICE_PLAYER_ID, defaultSeats, seatsToPlayers, type Seat } from './seats';

const AT = new Date('2026-01-01T00:00:00Z');

function counterSeeds(start = 1) {
  let n = start;
  return () => (n = (Math.imul(n, 1103515245) + 12345) >>> 0);
}

const vsExperts = (): Seat[] =>
  defaultSeats('Player').map((s, i) => (i === 0 ? s : { ...s, difficulty: 'expert' as const }));

function log(): LobbyEvent[] {
  return offlineGameLog({
    lobbyId: 'offline-test',
    adminId: DEVICE_PLAYER_ID,
    players: seatsToPlayers(vsExperts()),
    w: 8,
    h: 8,
    seed: 42,
    startSeed: 7,
    at: AT,
  });
}

/**
 * Plans for real, in this thread, but answers only when the test says so: what a session sees of the
 * bots' worker (a plan that arrives later, on another task).
 */
class LaterPlanner implements BotPlanner {
  readonly waiting: { request: BotRequest; resolve: (a: SeededAction[]) => void }[] = [];
  warmed = 0;
  warm(): void {
    this.warmed++;
  }
  plan(request: BotRequest): Promise<SeededAction[]> {
    return new Promise((resolve) => this.waiting.push({ request, resolve }));
  }
  /** Answers the oldest request; resolves once the session has taken the answer. */
  async answer(): Promise<void> {
    const next = this.waiting.shift()!;
    next.resolve(planHere(next.request));
    await Promise.resolve();
  }
}

function session(planner?: BotPlanner): OfflineSession {
  return new OfflineSession(log(), {
    pace: () => ({ action: 100, turn: 200 }),
    seed: counterSeeds(),
    now: () => AT,
    planner,
  });
}

describe('offline bots planned off the page (ARCHITECTURE §7.5)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('while a plan is out the bot is shown playing, the person cannot act and the log waits; the time it thought counts as its pause', async () => {
    const planner = new LaterPlanner();
    const s = session(planner);
    s.passTurn();
    const n = s.snapshot.events.length;
    expect(s.snapshot.botTurn).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(s.snapshot.events.length).toBe(n);
    expect(s.act({ id: 'next_turn', info: { country: 0 } })).toBe(false);
    expect(planner.waiting).toHaveLength(1);
    await planner.answer();
    // It thought for longer than the pace's 100 ms pause: the first action plays at once, the next one 100 ms later.
    vi.advanceTimersByTime(0);
    expect(s.snapshot.events.length).toBe(n + 1);
    vi.advanceTimersByTime(99);
    expect(s.snapshot.events.length).toBe(n + 1);
    vi.advanceTimersByTime(1);
    expect(s.snapshot.events.length).toBe(n + 2);
  });

  it('a game with bots gets its planner ready when it starts, before the first bot turn', () => {
    const planner = new LaterPlanner();
    const s = session(planner);
    s.resume();
    expect(planner.warmed).toBe(1);
    expect(planner.waiting).toHaveLength(0);
  });

  it('a game whose bot turns were planned later is the game planned at once, event for event', async () => {
    const planner = new LaterPlanner();
    const later = session(planner);
    const now = session();
    for (let round = 0; round < 3; round++) {
      later.passTurn();
      now.passTurn();
      while (later.snapshot.active === null) {
        if (planner.waiting.length > 0) await planner.answer();
        vi.runOnlyPendingTimers();
      }
      vi.runAllTimers();
    }
    const actions = (s: OfflineSession) =>
      s.snapshot.events.filter((e) => e.kind === 'game-action').map((e) => [e.actor, e.payload, e.seed]);
    expect(actions(later).length).toBeGreaterThan(10);
    expect(actions(later)).toEqual(actions(now));
    expect(actions(later).some(([actor]) => actor === 'bot-2')).toBe(true);
    expect(stateHash(later.snapshot.lobby)).toBe(stateHash(now.snapshot.lobby));
    const refold = fold(later.snapshot.events);
    expect(refold.ok && stateHash(refold.value)).toBe(stateHash(later.snapshot.lobby));
  });

  it('skip while a plan is out plays each later turn the moment it is planned, up to the person', async () => {
    const planner = new LaterPlanner();
    const s = session(planner);
    s.passTurn();
    s.skipBots();
    expect(s.snapshot.botTurn).toBe(1);
    for (let i = 0; i < 3; i++) await planner.answer();
    expect(planner.waiting).toHaveLength(0);
    expect(s.snapshot.botTurn).toBeNull();
    expect(s.snapshot.active).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a plan that arrives after the session was disposed changes nothing', async () => {
    const planner = new LaterPlanner();
    const s = session(planner);
    s.passTurn();
    const n = s.snapshot.events.length;
    s.dispose();
    await planner.answer();
    vi.runAllTimers();
    expect(s.snapshot.events.length).toBe(n);
  });

  it('a plan that arrives while paused waits for resume', async () => {
    const planner = new LaterPlanner();
    const s = session(planner);
    s.passTurn();
    const n = s.snapshot.events.length;
    s.pause();
    await planner.answer();
    vi.advanceTimersByTime(10_000);
    expect(s.snapshot.events.length).toBe(n);
    s.resume();
    expect(s.snapshot.events.length).toBe(n + 1);
  });
});

/** A stand-in for the browser's Worker that keeps what is posted; the test answers or fails it. */
class HeldWorker {
  onmessage: ((e: MessageEvent<PlanAnswer>) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly posted: PlanMessage[] = [];
  terminated = false;
  postMessage(message: PlanMessage): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(answer: PlanAnswer): void {
    this.onmessage?.({ data: answer } as MessageEvent<PlanAnswer>);
  }
}

/** Posts at once: the tests have no frames to paint. */
const now = (post: () => void) => post();

describe('the bots worker planner', () => {
  const request = (): BotRequest => {
    const folded = fold(log());
    if (!folded.ok) throw new Error(folded.error.message);
    return { game: folded.value.game, country: 0, difficulty: 'expert', seed: 5 };
  };

  it('answers each request with the worker answer of the same id, whatever the order', async () => {
    const worker = new HeldWorker();
    const planner = new WorkerPlanner(() => worker as unknown as Worker, now);
    const a = planner.plan(request());
    const b = planner.plan({ ...request(), seed: 6 });
    const [first, second] = worker.posted;
    const planB = planHere(second!.request);
    worker.reply({ id: second!.id, actions: planB, thought: 1 });
    worker.reply({ id: first!.id, actions: planHere(first!.request), thought: 1 });
    expect(await b).toEqual(planB);
    expect(await a).toEqual(planHere(request()));
    expect(planner.counts).toMatchObject({ inWorker: 2, inThread: 0 });
    expect(planner.counts.waits).toHaveLength(2);
  });

  it('a worker that cannot start, or fails, leaves the plans to the page: no game waits on it', async () => {
    const cannot = new WorkerPlanner(() => {
      throw new Error('no workers here');
    }, now);
    expect(cannot.plan(request())).toEqual(planHere(request()));
    expect(cannot.counts).toMatchObject({ inWorker: 0, inThread: 1 });

    const worker = new HeldWorker();
    const failing = new WorkerPlanner(() => worker as unknown as Worker, now);
    const out = failing.plan(request());
    worker.onerror?.();
    expect(await out).toEqual(planHere(request()));
    expect(worker.terminated).toBe(true);
    expect(failing.plan(request())).toEqual(planHere(request()));
    expect(failing.counts).toMatchObject({ inWorker: 0, inThread: 2 });
  });

  it('posts a request only once the page has painted, and not at all if the worker failed first', async () => {
    const worker = new HeldWorker();
    const frames: (() => void)[] = [];
    const planner = new WorkerPlanner(
      () => worker as unknown as Worker,
      (post) => frames.push(post),
    );
    const out = planner.plan(request());
    expect(worker.posted).toHaveLength(0);
    frames.shift()!();
    expect(worker.posted).toHaveLength(1);
    worker.reply({ id: worker.posted[0]!.id, actions: planHere(request()), thought: 1 });
    expect(await out).toEqual(planHere(request()));
    const [wait] = planner.counts.waits;
    expect(wait!.sent).toBeGreaterThan(0);
    expect(wait!.answered).toBeGreaterThanOrEqual(wait!.sent);

    const failed = planner.plan(request());
    worker.onerror?.();
    frames.shift()!();
    expect(worker.posted).toHaveLength(1);
    expect(await failed).toEqual(planHere(request()));
  });

  it('warming starts the worker once, before any plan, and posts nothing', () => {
    let started = 0;
    const worker = new HeldWorker();
    const planner = new WorkerPlanner(() => {
      started++;
      return worker as unknown as Worker;
    }, now);
    planner.warm();
    planner.warm();
    expect(started).toBe(1);
    expect(worker.posted).toHaveLength(0);
    void planner.plan(request());
    expect(started).toBe(1);
    expect(worker.posted).toHaveLength(1);
  });

  it('a worker that answers with an error gets that turn planned on the page', async () => {
    const worker = new HeldWorker();
    const planner = new WorkerPlanner(() => worker as unknown as Worker, now);
    const out = planner.plan(request());
    worker.reply({ id: worker.posted[0]!.id, error: 'out of memory' });
    expect(await out).toEqual(planHere(request()));
    expect(planner.counts).toMatchObject({ inWorker: 0, inThread: 1 });
  });
});
