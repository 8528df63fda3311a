/**
 * The replay section of the web bench (called from run.ts). A 10,000-event log of four engine bots on a
 * 32×32 map is put in the browser the way a player would have it — a save in IndexedDB written in the
 * app's own record format, or a save file picked in the file chooser — and timed:
 *  - opening the replay: from the click on "Watch replay" (or the file's change event, or navigation
 *    start for a cold page load) to the frame after the board is drawn at the start, and from the saves
 *    also to the whole log read (a long log is read after the board shows; the chart is then drawn);
 *  - once the whole log is read, 200 seeks to random events (`?seq=`, an in-app navigation: history.replaceState, which the router
 *    follows): from the navigation to the commit where `data-seq` is the target, and to the next frame
 *    painted after it (board-shown.ts: a task after that frame's paint);
 *  - 200 turn steps with the viewer's turn controls (PageDown from a random event), to the commit where
 *    `data-turn` changes and to the frame after it (when the viewer shows `data-turn`).
 *  Both series run twice: with each input at a random moment of a frame, as a player's input comes (the
 *  next frame is half a frame away on average), and with each input just after a frame was painted (the
 *  next one is a whole frame away: an input that changes nothing reads ~15 ms there). A probe that
 *  changes nothing gives each way's floor.
 * Run once per board (SVG, canvas). Aims: open ≤ 500 ms; seek and turn step p50 ≤ 16 ms, p99 ≤ 33 ms to
 * the next frame. Figures only: it never fails on time.
 * One file on purpose (past ~400 lines): the three timings share the log, the save and the page set-up
 * above, and read as one run from top to bottom.
 */
import {
  RULES_VERSION,
  applyEvent,
  createRng,
  drawSeed,
  playBotTurn,
  playerOfCountry,
  whoseTurn,
  isGameOver,
  type LobbyEvent,
  type LobbyState,
} from '@four-banners/engine';
import type { BrowserContext, Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameActionEvent, offlineGameLog, stamp } from '../src/game/offline-log';
import { DEVICE_PLAYER_ID } from '../src/game/seats';
import type { Paced } from './board-shown';

export const REPLAY_EVENTS = 10_000;
const SIDE = 32;
const SEEKS = 200;
/** How long a series of 200 seeks or turn steps may take in all (each step also waits for untimed frames). */
const SERIES_MS = 300_000;
const SAVE_ID = 'save-bench-replay';
/** BENCH_TRACE=<path>: also writes a Chrome trace of the seeks by event (input just after a frame) to <path>.<board>.json (chrome://tracing, Perfetto). */
const TRACE = process.env.BENCH_TRACE;
const AT = new Date('2026-01-01T00:00:00Z');

export type FreshPage = () => Promise<{ ctx: BrowserContext; page: Page }>;

interface BenchLog {
  readonly events: LobbyEvent[];
  readonly final: LobbyState;
  readonly startSeq: number;
  /** The turn count folded at each seq after the start (index: seq). */
  readonly turns: readonly number[];
}

/**
 * Four engine bots (hard, normal, normal, easy) playing a 32×32 game, as the offline session writes it,
 * up to exactly `length` events. A game that ends sooner is followed by a game on the next seed.
 */
export function benchLog(length = REPLAY_EVENTS, firstSeed = 1): BenchLog {
  for (let seed = firstSeed; ; seed++) {
    const rng = createRng(seed);
    const players = (['hard', 'normal', 'normal', 'easy'] as const).map((difficulty, i) => ({
      id: `bot-${i}`,
      name: '',
      country: i as 0 | 1 | 2 | 3,
      bot: { difficulty },
    }));
    const events = offlineGameLog({
      lobbyId: `offline-bench-${seed}`,
      adminId: DEVICE_PLAYER_ID,
      players,
      w: SIDE,
      h: SIDE,
      seed,
      startSeed: drawSeed(rng),
      at: AT,
    });
    let state: LobbyState | null = null;
    for (const e of events) state = unwrap(applyEvent(state, e));
    const startSeq = events.length;
    const turns: number[] = [];
    turns[startSeq] = state!.game.turn.count;
    while (events.length < length && !isGameOver(state!.game)) {
      const country = whoseTurn(state!.game);
      const bot = country === null ? undefined : playerOfCountry(state!, country);
      if (country === null || !bot?.bot) throw new Error(`turn ${state!.game.turn.count} belongs to no bot`);
      for (const { action, seed: actionSeed } of playBotTurn(state!.game, country, bot.bot.difficulty, drawSeed(rng))) {
        const event = stamp(events, gameActionEvent(bot.id, action, actionSeed), AT);
        state = unwrap(applyEvent(state, event));
        events.push(event);
        turns[event.seq] = state.game.turn.count;
        if (events.length >= length) break;
      }
    }
    if (events.length >= length) return { events, final: state!, startSeq, turns };
  }
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(`the bench log does not fold: ${r.error.message}`);
  return r.value;
}

/** A small seeded generator for the seek targets (the same targets every run). */
export function targets(count: number, min: number, max: number, seed = 7): number[] {
  let s = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    out.push(min + (s % (max - min + 1)));
  }
  return out;
}

/** Each input's time to the commit that shows it and to the frame after that commit, in ms. */
interface Timings {
  readonly commit: number[];
  readonly frame: number[];
}

/** When each input comes, in ms after a frame was painted: a random moment of the ~16.7 ms frame, or at once. */
type Phase = 'random' | 'after-paint';
const PHASES: readonly Phase[] = ['random', 'after-paint'];
const PHASE_WORDS: Record<Phase, string> = {
  random: 'input at a random moment of a frame',
  'after-paint': 'input just after a frame was painted',
};
/** The wait before each of `count` inputs (the same every run). */
const delaysOf = (phase: Phase, count: number, seed: number): number[] =>
  phase === 'random' ? targets(count, 0, 166, seed).map((d) => d / 10) : new Array<number>(count).fill(0);

/** `work`, or a clear error if the replay never shows (an error page, a log the browser refuses). */
async function shownWithin<T>(what: string, page: Page, work: Promise<T>, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(async () => {
      const error = await page
        .getByTestId('replay-error')
        .textContent()
        .catch(() => null);
      reject(
        new Error(`${what}: the replay did not show within ${ms / 1000} s${error ? ` (the page says: ${error})` : ''}`),
      );
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const pct = (xs: readonly number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const median = (xs: readonly number[]) => pct(xs, 0.5);
const fmt = (n: number, d = 1) => n.toFixed(d);

/**
 * Installed before each page loads: `__replayShown()` resolves with the time of the first frame after
 * the replay's board shows every tile at the start position; on a replay URL it is armed at once
 * (`__coldShown`), so a cold load is timed from navigation start however soon the page answers.
 */
const watchScript = (startSeq: number) => `
  window.__replayShown = () => window.__until(() => {
    const el = document.querySelector('[data-testid="replay"]');
    return el && el.getAttribute('data-seq') === '${startSeq}' && el.querySelector('[data-testid="board"][data-ready]');
  }, ['data-seq', 'data-ready']).then(() => window.__afterFrame());
  window.__replayWhole = () => window.__until(() => document.querySelector('[data-testid="replay"] [data-testid="replay-chart"]'), []);
  if (location.pathname.startsWith('/replay/')) window.__coldShown = window.__replayShown();
`;

type Watched = {
  __replayShown: () => Promise<number>;
  /** Resolves when the viewer has read the whole log: its chart of the whole game is drawn. */
  __replayWhole: () => Promise<number>;
  __coldShown: Promise<number>;
  __fileOpen: Promise<number>;
};

/** Writes the log as a save in the app's IndexedDB (the app has made its database on /saves). */
async function putBenchSave(page: Page, log: BenchLog): Promise<void> {
  const record = {
    id: SAVE_ID,
    name: 'Bench: four bots, 32×32',
    savedAt: AT.toISOString(),
    turn: log.final.game.turn.count,
    countries: log.final.game.countries.map((c) => c.id),
    events: log.events,
  };
  await page.evaluate(
    (r) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('four-banners');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('saves', 'readwrite');
          tx.objectStore('saves').put(r);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    record,
  );
}

/** /saves with the bench save listed. */
async function savesWithBenchSave(page: Page, base: string, log: BenchLog): Promise<void> {
  await page.goto(`${base}/saves`);
  await page.getByRole('heading', { name: 'Saved games' }).waitFor();
  await putBenchSave(page, log);
  await page.reload();
  await page.locator(`[data-save-id="${SAVE_ID}"]`).waitFor();
}

/** Click on the save's "Watch replay" → the frame after the board shows at the start, and → the whole log read (the chart drawn). */
async function openFromSaves(page: Page): Promise<{ shown: number; whole: number }> {
  return page.evaluate(async (id) => {
    const w = window as unknown as Watched;
    const shown = w.__replayShown();
    const whole = w.__replayWhole();
    const t0 = performance.now();
    document.querySelector<HTMLElement>(`[data-save-id="${id}"] [data-testid="watch-save"]`)!.click();
    return { shown: (await shown) - t0, whole: (await whole) - t0 };
  }, SAVE_ID);
}

/** The file chooser's change event → the frame after the board shows at the start. */
async function openFromFile(page: Page, file: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as Watched;
    w.__fileOpen = new Promise((resolve) => {
      document.addEventListener(
        'change',
        () => {
          const t0 = performance.now();
          void w.__replayShown().then((t) => resolve(t - t0));
        },
        { capture: true, once: true },
      );
    });
  });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open a replay file' }).click(),
  ]);
  await chooser.setFiles(file);
  return page.evaluate(() => (window as unknown as Watched).__fileOpen);
}

/**
 * Seeks through the URL, as a link or the back button would: each target by replaceState, timed to
 * the commit that shows it (`attr` is the target) and to the frame after that commit.
 */
async function seek(
  page: Page,
  param: 'seq' | 'turn',
  attr: string,
  list: readonly number[],
  delays: readonly number[],
  traced = false,
): Promise<Timings> {
  return page.evaluate(
    async ({ param, attr, list, delays, traced }) => {
      // Marks for a trace (BENCH_TRACE) only: a mark costs time of its own while a trace records.
      const mark = (name: string) => traced && performance.mark(name);
      const paced = window as unknown as Paced;
      const el = () => document.querySelector('[data-testid="replay"]');
      const commit: number[] = [];
      const frame: number[] = [];
      for (const [i, target] of list.entries()) {
        // Start after a fresh frame, so one seek's work does not spill into the next one's timing; then
        // wait for the input's moment of the frame.
        await paced.__afterFrame();
        if (delays[i]! > 0) await new Promise((r) => setTimeout(r, delays[i]));
        const url = new URL(location.href);
        url.searchParams.delete('seq');
        url.searchParams.delete('turn');
        url.searchParams.set(param, String(target));
        mark('fb-seek'); // before the clock starts
        const t0 = performance.now();
        // The viewer may also be mounted anew (a new element): __until watches elements coming too.
        const committed = paced.__until(() => el()?.getAttribute(attr) === String(target), [attr]);
        history.replaceState(history.state, '', url.pathname + url.search);
        const t1 = await committed;
        mark('fb-seek-commit');
        const t2 = await paced.__afterFrame();
        mark('fb-seek-frame');
        commit.push(t1 - t0);
        frame.push(t2 - t0);
      }
      return { commit, frame };
    },
    { param, attr, list: [...list], delays: [...delays], traced },
  );
}

/**
 * Seeks with the scrubber, as a player does: a press on its track at each of `at` (a fraction of its width,
 * each far from the one before), a frame for the press's preview, then the release, which seeks: timed
 * from the release to the commit where `data-seq` changes, and to the frame after it.
 */
async function scrub(page: Page, at: readonly number[], delays: readonly number[]): Promise<Timings> {
  return page.evaluate(
    async ({ at, delays }) => {
      const paced = window as unknown as Paced;
      const el = () => document.querySelector('[data-testid="replay"]');
      const box = document.querySelector('[data-testid="replay-scrubber"]')!.getBoundingClientRect();
      const commit: number[] = [];
      const frame: number[] = [];
      for (const [i, f] of at.entries()) {
        await paced.__afterFrame();
        const x = box.left + f * box.width;
        const y = box.top + box.height / 2;
        const before = el()!.getAttribute('data-seq');
        const mouse = (type: string) =>
          new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, view: window });
        document.elementFromPoint(x, y)!.dispatchEvent(mouse('mousedown'));
        await paced.__afterFrame();
        if (delays[i]! > 0) await new Promise((r) => setTimeout(r, delays[i]));
        const committed = paced.__until(() => el()?.getAttribute('data-seq') !== before, ['data-seq']);
        const t0 = performance.now();
        document.dispatchEvent(mouse('mouseup'));
        const t1 = await committed;
        const t2 = await paced.__afterFrame();
        commit.push(t1 - t0);
        frame.push(t2 - t0);
      }
      return { commit, frame };
    },
    { at: [...at], delays: [...delays] },
  );
}

/** `count` places along the scrubber (fractions of its width), each at least a tenth of it from the one before. */
function scrubPlaces(count: number): number[] {
  const raw = targets(count, 20, 980, 17).map((n) => n / 1000);
  return raw.map((f, i) => (i > 0 && Math.abs(f - raw[i - 1]!) < 0.1 ? ((f + 0.5) % 0.96) + 0.02 : f));
}

/**
 * Turn steps with the viewer's turn controls (PageDown: the next turn), from each of `from` (reached by
 * an untimed `?seq=` seek): timed from the key to the commit where `data-turn` changes, and to the frame after.
 */
async function turnSteps(page: Page, from: readonly number[], delays: readonly number[]): Promise<Timings> {
  return page.evaluate(
    async ({ from, delays }) => {
      const paced = window as unknown as Paced;
      const el = () => document.querySelector('[data-testid="replay"]');
      const until = (ok: () => boolean) => paced.__until(ok, ['data-seq', 'data-turn']);
      const commit: number[] = [];
      const frame: number[] = [];
      for (const [i, seq] of from.entries()) {
        const url = new URL(location.href);
        url.searchParams.delete('turn');
        url.searchParams.set('seq', String(seq));
        history.replaceState(history.state, '', url.pathname + url.search);
        await until(() => el()?.getAttribute('data-seq') === String(seq));
        await paced.__afterFrame();
        if (delays[i]! > 0) await new Promise((r) => setTimeout(r, delays[i]));
        const turn = el()!.getAttribute('data-turn');
        const t0 = performance.now();
        const moved = until(() => el()?.getAttribute('data-turn') !== turn);
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true, cancelable: true }));
        const t1 = await moved;
        const t2 = await paced.__afterFrame();
        commit.push(t1 - t0);
        frame.push(t2 - t0);
        // The viewer writes the new position to the address a moment later; the next step waits for it, so
        // that write cannot land on top of the next step's own address.
        const shown = el()!.getAttribute('data-seq');
        for (let i = 0; i < 400 && new URL(location.href).searchParams.get('seq') !== shown; i++)
          await new Promise((r) => setTimeout(r, 10));
      }
      return { commit, frame };
    },
    { from: [...from], delays: [...delays] },
  );
}

/** The floor: from each moment in `delays` after a painted frame to the task after the next frame, with no input. */
async function idleProbe(page: Page, delays: readonly number[]): Promise<number[]> {
  return page.evaluate(async (delays) => {
    const paced = window as unknown as Paced;
    const out: number[] = [];
    for (const delay of delays) {
      await paced.__afterFrame();
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const t0 = performance.now();
      out.push((await paced.__afterFrame()) - t0);
    }
    return out;
  }, delays);
}

function printSeeks(label: string, r: Timings): void {
  console.log(
    `  ${label}: to the commit p50 ${fmt(median(r.commit))} ms, p99 ${fmt(pct(r.commit, 0.99))} ms, max ${fmt(Math.max(...r.commit))} ms; ` +
      `to the next frame p50 ${fmt(median(r.frame))} ms, p99 ${fmt(pct(r.frame, 0.99))} ms (aim p50 ≤ 16, p99 ≤ 33 ms)`,
  );
}

/** Records a Chrome trace of the page (main thread, frames, V8 samples) until `stop` writes it to a file. */
async function startTrace(page: Page): Promise<{ stop: (file: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'blink.user_timing',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  return {
    stop: async (file) => {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      await cdp.detach();
      console.log(`  (trace of the seeks by event: ${file}, ${events.length.toLocaleString('en')} events)`);
    },
  };
}

/** Runs the replay section: prints figures, never fails on time. */
export async function replayBench(fresh: FreshPage, base: string, runs: number, board: string): Promise<void> {
  const built = performance.now();
  const log = benchLog();
  const endSeq = log.events.at(-1)!.seq;
  console.log(
    `The ${board} board, replay of a ${log.events.length.toLocaleString('en')}-event log (four bots, ${SIDE}×${SIDE}, rules v${RULES_VERSION}, ` +
      `turns ${log.turns[log.startSeq]}–${log.final.game.turn.count}, built in ${fmt((performance.now() - built) / 1000, 2)} s):`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'fb-bench-'));
  const file = join(dir, 'four-banners-bench.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'four-banners-save',
      version: 1,
      name: 'Bench: four bots, 32×32',
      savedAt: AT.toISOString(),
      events: log.events,
    }),
  );

  try {
    const fromSaves: number[] = [];
    const wholeFromSaves: number[] = [];
    const fromFile: number[] = [];
    const cold: number[] = [];
    const seeks: { phase: Phase; idle: number[]; scrub: Timings; seq: Timings; turn: Timings | null }[] = [];
    for (let i = 0; i < runs; i++) {
      const { ctx, page } = await fresh();
      await ctx.addInitScript({ content: watchScript(log.startSeq) });
      await savesWithBenchSave(page, base, log);
      const opened = await shownWithin('open from the saves', page, openFromSaves(page));
      fromSaves.push(opened.shown);
      wholeFromSaves.push(opened.whole);
      if (i === 0) {
        // Seeks are timed once the viewer has read the whole log (a long one is read after the board shows).
        await page.getByTestId('replay-chart').waitFor();
        const hasTurns = (await page.getByTestId('replay').getAttribute('data-turn')) !== null;
        // From positions before the last turn, so a next turn always exists.
        const lastTurnStart = log.turns.findIndex((t) => t === log.final.game.turn.count);
        for (const phase of PHASES) {
          const idle = await idleProbe(page, delaysOf(phase, 50, 5));
          const scrubbed = await shownWithin(
            'seek with the scrubber',
            page,
            scrub(page, scrubPlaces(SEEKS), delaysOf(phase, SEEKS, 19)),
            SERIES_MS,
          );
          const tracing = TRACE && phase === 'after-paint' ? await startTrace(page) : null;
          const bySeq = await shownWithin(
            'seek by event',
            page,
            seek(page, 'seq', 'data-seq', targets(SEEKS, log.startSeq, endSeq), delaysOf(phase, SEEKS, 3), !!tracing),
            SERIES_MS,
          );
          if (tracing) await tracing.stop(`${TRACE}.${board}.json`);
          const byTurn = hasTurns
            ? await shownWithin(
                'turn steps',
                page,
                turnSteps(page, targets(SEEKS, log.startSeq, lastTurnStart - 1, 11), delaysOf(phase, SEEKS, 13)),
                SERIES_MS,
              )
            : null;
          seeks.push({ phase, idle, scrub: scrubbed, seq: bySeq, turn: byTurn });
        }
      }
      // Cold: a new page load straight onto the replay (the save is in this browser already).
      await page.goto('about:blank');
      await page.goto(`${base}/replay/local/save/${SAVE_ID}`);
      cold.push(
        await shownWithin(
          'cold open',
          page,
          page.evaluate(() => (window as unknown as Watched).__coldShown),
        ),
      );
      await ctx.close();

      const other = await fresh();
      await other.ctx.addInitScript({ content: watchScript(log.startSeq) });
      await other.page.goto(`${base}/saves`);
      await other.page.getByRole('heading', { name: 'Saved games' }).waitFor();
      fromFile.push(await shownWithin('open from a file', other.page, openFromFile(other.page, file)));
      await other.ctx.close();
    }
    const line = (label: string, xs: number[]) =>
      console.log(
        `  ${label}: median ${fmt(median(xs), 0)} ms, min ${fmt(Math.min(...xs), 0)} ms, max ${fmt(Math.max(...xs), 0)} ms (aim ≤ 500 ms)`,
      );
    console.log(`  Open, ${runs} runs each (to the frame after the board is drawn at the start):`);
    line('from the saves screen ("Watch replay" click)', fromSaves);
    console.log(
      `  … and to the whole log read (the chart drawn): median ${fmt(median(wholeFromSaves), 0)} ms, max ${fmt(Math.max(...wholeFromSaves), 0)} ms`,
    );
    line('from a save file (file chooser, read + checked + folded)', fromFile);
    line('cold page load of /replay/local/save/… (navigation start)', cold);
    for (const { phase, idle, scrub: scrubbed, seq, turn } of seeks) {
      console.log(
        `  Seeks, ${SEEKS} random targets each, ${PHASE_WORDS[phase]} (an input that changes nothing: ` +
          `next frame p50 ${fmt(median(idle))} ms, p99 ${fmt(pct(idle, 0.99))} ms):`,
      );
      printSeeks('by event with the scrubber (a release on its track)', scrubbed);
      printSeeks('by event by link (in-app navigation to ?seq=)', seq);
      if (turn) printSeeks('by turn (PageDown from a random event)', turn);
      else console.log('  by turn: not measured — the viewer shows no data-turn');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
