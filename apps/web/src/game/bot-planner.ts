/**
 * Where an offline bot's turn is planned (ARCHITECTURE §7.5). In the browser it is planned in a Web
 * Worker (`bot.worker.ts`), so the expert's search never holds the page's main thread; where there is no
 * Worker (tests under jsdom, very old browsers) it is planned in this thread. Either way the same engine
 * function plans it under the same budget, and the planned actions are what the log records, so a replay
 * never plans again.
 */
import type { SeededAction } from '@four-banners/engine';
import { planHere, type BotRequest, type PlanAnswer, type PlanMessage } from './bot-plan';

export type { BotRequest } from './bot-plan';

export interface BotPlanner {
  /** The turn's actions, ending with next_turn: at once when planned in this thread, later from a worker. */
  plan(request: BotRequest): SeededAction[] | Promise<SeededAction[]>;
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

/** One plan asked of the worker: when (`performance.now()`), when its answer was taken, and how long it planned. */
export interface Wait {
  readonly sent: number;
  readonly answered: number;
  readonly thought: number;
}

/** How many waits the planner remembers (a long game plays thousands of bot turns). */
export const WAITS_KEPT = 500;

/**
 * Plans in one Web Worker shared by every offline session of the page (started on the first bot turn and
 * kept). Requests are answered in order. If the worker cannot start or fails, that turn and every later
 * one are planned in this thread instead: a game never waits on a broken worker.
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

  constructor(private readonly start: () => Worker) {}

  get counts(): PlannerCounts {
    return { inWorker: this.inWorker, inThread: this.inThread, waits: [...this.waits] };
  }

  plan(request: BotRequest): SeededAction[] | Promise<SeededAction[]> {
    const worker = this.ready();
    if (worker === null) return this.here(request);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { request, sent: performance.now(), resolve });
      worker.postMessage({ id, request } satisfies PlanMessage);
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
