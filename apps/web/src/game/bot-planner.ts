/**
 * Where an offline bot's turn is planned (ARCHITECTURE §7.5). In the browser it is planned in a Web
 * Worker (`bot.worker.ts`), so the expert's search never holds the page's main thread; where there is no
 * Worker (tests under jsdom, very old browsers) it is planned in this thread. Either way the same engine
 * function plans it under the same budget, and the planned actions are what the log records, so a replay
 * never plans again.
 */
import type { SeededAction } from '@four-banners/engine';
import { afterNextPaint } from '../app/after-paint';
import { planHere, type BotRequest, type PlanAnswer, type PlanMessage } from './bot-plan';

export type { BotRequest } from './bot-plan';

export interface BotPlanner {
  /** The turn's actions, ending with next_turn: at once when planned in this thread, later from a worker. */
  plan(request: BotRequest): SeededAction[] | Promise<SeededAction[]>;
  /** Gets ready for a first plan soon (a worker starts while the person plays), where that takes time. */
  warm?(): void;
}

export const inThreadPlanner: BotPlanner = { plan: planHere };

/**
 * What the planner has done (the debug handle, the e2e tests and the bench read it): how many turns the
 * worker planned, how many fell back to this thread, and the latest WAITS_KEPT waits on the worker.
 */
export interface PlannerCounts {
  readonly inWorker: number;
  readonly inThread: number;
  readonly waits: readonly Wait[];
}

/**
 * One plan asked of the worker: when it was posted (`performance.now()`, once the page had painted), when
 * its answer was taken, and how long the worker planned.
 */
export interface Wait {
  readonly sent: number;
  readonly answered: number;
  readonly thought: number;
}

/** How many waits the planner remembers (a long game plays thousands of bot turns). */
export const WAITS_KEPT = 500;

/**
 * Plans in one Web Worker shared by every offline session of the page (started by `warm` when a game with
 * bots is shown, or by the first plan, and kept). Requests are answered in order. If the worker cannot start or fails, that turn and every later
 * one are planned in this thread instead: a game never waits on a broken worker.
 *
 * A request is posted once the page has painted what came before it (the previous turn's actions, the
 * bar saying this bot is playing) and has gone idle, or after IDLE_WAIT_MS at most. The page's frames then
 * never share the machine's cores with the search, and while a plan is out the page has nothing left to
 * do: a long task in that time would be a defect.
 */
export class WorkerPlanner implements BotPlanner {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { request: BotRequest; sent: number; resolve: (a: SeededAction[]) => void }
  >();
  private inWorker = 0;
  private inThread = 0;
  private readonly waits: Wait[] = [];

  constructor(
    private readonly start: () => Worker,
    /** Posts once the page has painted and gone idle (the tests post at once). */
    private readonly whenIdle: (post: () => void) => void = whenPageIdle,
  ) {}

  get counts(): PlannerCounts {
    return { inWorker: this.inWorker, inThread: this.inThread, waits: [...this.waits] };
  }

  warm(): void {
    this.ready();
  }

  plan(request: BotRequest): SeededAction[] | Promise<SeededAction[]> {
    const worker = this.ready();
    if (worker === null) return this.here(request);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const waiting = { request, sent: 0, resolve };
      this.pending.set(id, waiting);
      this.whenIdle(() => {
        // The worker failed meanwhile: the plan was made here already.
        if (this.worker !== worker || !this.pending.has(id)) return;
        waiting.sent = performance.now();
        worker.postMessage({ id, request } satisfies PlanMessage);
      });
    });
  }

  private ready(): Worker | null {
    if (this.broken) return null;
    if (this.worker !== null) return this.worker;
    try {
      const worker = this.start();
      worker.onmessage = (e: MessageEvent<PlanAnswer>) => this.answer(e.data);
      worker.onerror = () => this.fail();
      worker.onmessageerror = () => this.fail();
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return null;
    }
  }

  private answer(answer: PlanAnswer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('actions' in answer) {
      this.waits.push({ sent: waiting.sent, answered: performance.now(), thought: answer.thought });
      if (this.waits.length > WAITS_KEPT) this.waits.shift();
      this.inWorker++;
      waiting.resolve(answer.actions);
    } else {
      waiting.resolve(this.here(waiting.request));
    }
  }

  /** The worker is gone: answer what it was asked here, and plan here from now on. */
  private fail(): void {
    this.broken = true;
    this.worker?.terminate();
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { request, resolve } of waiting) resolve(this.here(request));
  }

  private here(request: BotRequest): SeededAction[] {
    this.inThread++;
    return planHere(request);
  }
}

/** The longest a plan waits for the page to go idle before it is posted anyway. */
export const IDLE_WAIT_MS = 100;

/** Calls `post` once the next frame is painted and the page has no work queued (or IDLE_WAIT_MS has passed). */
function whenPageIdle(post: () => void): void {
  const started = performance.now();
  afterNextPaint(() => {
    const left = Math.max(1, IDLE_WAIT_MS - (performance.now() - started));
    if (typeof requestIdleCallback === 'function') requestIdleCallback(post, { timeout: left });
    else post();
  }, IDLE_WAIT_MS);
}

let shared: WorkerPlanner | null = null;

/** The page's planner: the shared worker where the browser has Workers, else this thread. */
export function pagePlanner(): BotPlanner {
  if (typeof Worker !== 'function') return inThreadPlanner;
  shared ??= new WorkerPlanner(() => new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' }));
  return shared;
}

/** What the page's worker planner has done so far (null when this page plans in its thread). */
export function pagePlannerCounts(): PlannerCounts | null {
  return shared?.counts ?? null;
}
