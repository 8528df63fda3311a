/**
 * The renderers section of the web bench (`BENCH_ONLY=renderers npm run bench -w apps/web`; it also ends
 * the full run): the product's Canvas 2D board painter (canvas-tiles.ts) against a PixiJS WebGL board
 * drawing the same pictures (pixi-board.ts), on a 32×32 map folded from the replay bench's 10,000-event
 * log of four bots (ARCHITECTURE §8.5). The page (page.ts) is built with Vite into a temporary folder and
 * served from this process. Measured for each board, in two Chromium set-ups — the bench's usual flags
 * (`--disable-gpu`: Canvas 2D in software, WebGL on SwiftShader) and a GPU process rendering everything,
 * Canvas 2D too, on SwiftShader's Vulkan (`--use-angle=swiftshader --enable-unsafe-swiftshader`):
 *  - the first draw at the fitted view (1026×713, DPR 1, tiles ≈22 px) and zoomed in (390×619, DPR 2,
 *    tiles 40 px), from making the board (PixiJS: its WebGL set-up too) to the frame after it is drawn,
 *    pictures and textures included;
 *  - seeks: 200 random states in turn (many tiles change), p50 and p99 to the frame after each;
 *  - steps: 200 changes of one event each (few tiles change), p50 and p99;
 *  - a pan of 120 frames at the zoomed view: time between frames and the move's own work, p50 and p95;
 *  - the JS each board's page fetched, gzip -9, and what PixiJS adds.
 * Each figure is the median of BENCH_RENDERERS_RUNS runs (3), each on a fresh page; the machine's load is
 * printed with them. BENCH_RENDERERS_PORT picks the page server's port (default: any free one). Figures
 * only: it never fails on time.
 */
import { type Browser, chromium } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, defaultClientConditions } from 'vite';
import { CHROMIUM_ARGS } from '../board-shown';
import { benchLog, targets } from '../replay.bench';
import type { Renderer, RenderersBenchPage, ViewKind } from './page';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const RUNS = Number(process.env.BENCH_RENDERERS_RUNS ?? 3);
const PORT = Number(process.env.BENCH_RENDERERS_PORT ?? 0);
const SEEKS = 200;
const PAN_FRAMES = 120;
const RENDERERS: readonly Renderer[] = ['canvas', 'pixi'];
const VIEWPORTS: Record<ViewKind, { width: number; height: number; dpr: number }> = {
  fitted: { width: 1026, height: 713, dpr: 1 },
  zoomed: { width: 390, height: 619, dpr: 2 },
};
const BASE_ARGS = CHROMIUM_ARGS;
const SETUPS = [
  { key: 'sw', label: '--disable-gpu', args: ['--disable-gpu', ...BASE_ARGS] },
  {
    key: 'gpu',
    label: 'GPU process on SwiftShader',
    args: [...BASE_ARGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  },
] as const;

const pct = (xs: readonly number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const median = (xs: readonly number[]) => pct(xs, 0.5);
const fmt = (n: number, d = 1) => n.toFixed(d);
const load = () => {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} (1, 5, 15 min) on ${cpus().length} cores`;
};

/** Figures of one board in one set-up, one entry per run. */
interface Runs {
  firstFitted: number[];
  setupFitted: number[];
  firstZoomed: number[];
  seekP50: number[];
  seekP99: number[];
  seekTiles: number[];
  stepP50: number[];
  stepP99: number[];
  stepTiles: number[];
  panP50: number[];
  panP95: number[];
  workP50: number[];
  workP95: number[];
}

const emptyRuns = (): Runs => ({
  firstFitted: [],
  setupFitted: [],
  firstZoomed: [],
  seekP50: [],
  seekP99: [],
  seekTiles: [],
  stepP50: [],
  stepP99: [],
  stepTiles: [],
  panP50: [],
  panP95: [],
  workP50: [],
  workP95: [],
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves the built page from `dir` on 127.0.0.1. */
async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    try {
      const body = readFileSync(join(dir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The Canvas and WebGL lines of chrome://gpu's feature status (empty if the page could not be read). */
async function gpuStatus(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://gpu');
    await page.getByText(/^Canvas:/).waitFor({ timeout: 10_000 });
    const items = await page.locator('li').allInnerTexts();
    return items.filter((t) => /^(Canvas|WebGL|Compositing):/.test(t));
  } catch {
    return [];
  } finally {
    await page.close();
  }
}

interface Page1 {
  name: string;
  backend: string | null;
  scripts: Set<string>;
}

/** One run of one board in one browser: the fitted page (first draw, seeks, steps), then the zoomed one (first draw, pan). */
async function runOnce(
  browser: Browser,
  base: string,
  renderer: Renderer,
  plan: { first: number; seeks: number[]; steps: number[] },
  into: Runs,
): Promise<Page1> {
  const open = async (kind: ViewKind, seqs: number[]) => {
    const vp = VIEWPORTS[kind];
    const ctx = await browser.newContext({
      viewport: { width: vp.width, height: vp.height },
      deviceScaleFactor: vp.dpr,
    });
    // tsx keeps function names with a `__name` helper that the page does not have.
    await ctx.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await ctx.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.js')) scripts.add(path);
    });
    await page.goto(`${base}/index.html?r=${renderer}`);
    await page.waitForFunction(() => 'renderersBench' in window);
    await page.evaluate(
      (s) => (window as unknown as { renderersBench: RenderersBenchPage }).renderersBench.prepare(s),
      seqs,
    );
    return { ctx, page, scripts };
  };
  type Bench = { renderersBench: RenderersBenchPage };

  const fitted = await open('fitted', [plan.first, ...plan.seeks, ...plan.steps, ...plan.steps.map((s) => s + 1)]);
  const first = await fitted.page.evaluate(
    ([r, seq]) => (window as unknown as Bench).renderersBench.open(r, 'fitted', seq),
    [renderer, plan.first] as const,
  );
  into.firstFitted.push(first.ms);
  into.setupFitted.push(first.setupMs);
  const seeks = await fitted.page.evaluate((s) => (window as unknown as Bench).renderersBench.seek(s), plan.seeks);
  into.seekP50.push(median(seeks.ms));
  into.seekP99.push(pct(seeks.ms, 0.99));
  into.seekTiles.push(median(seeks.tiles));
  const steps = await fitted.page.evaluate((s) => (window as unknown as Bench).renderersBench.step(s), plan.steps);
  into.stepP50.push(median(steps.ms));
  into.stepP99.push(pct(steps.ms, 0.99));
  into.stepTiles.push(median(steps.tiles));
  await fitted.ctx.close();

  const zoomed = await open('zoomed', [plan.first]);
  const firstZoomed = await zoomed.page.evaluate(
    ([r, seq]) => (window as unknown as Bench).renderersBench.open(r, 'zoomed', seq),
    [renderer, plan.first] as const,
  );
  into.firstZoomed.push(firstZoomed.ms);
  await zoomed.page.waitForTimeout(300);
  const pan = await zoomed.page.evaluate((n) => (window as unknown as Bench).renderersBench.pan(n), PAN_FRAMES);
  into.panP50.push(median(pan.frame));
  into.panP95.push(pct(pan.frame, 0.95));
  into.workP50.push(median(pan.work));
  into.workP95.push(pct(pan.work, 0.95));
  await zoomed.ctx.close();
  return { name: first.name, backend: first.backend, scripts: fitted.scripts };
}

function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  console.log(line(header));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Runs the renderers section: prints figures, never fails on time. */
export async function renderersBench(): Promise<void> {
  console.log(`Board renderers, Canvas 2D against PixiJS (WebGL), ${RUNS} runs each, medians; ${load()}`);
  const log = benchLog();
  const startSeq = log.startSeq;
  const endSeq = log.events.at(-1)!.seq;
  const plan = {
    first: Math.round((startSeq + endSeq) / 2),
    seeks: targets(SEEKS, startSeq, endSeq),
    steps: targets(SEEKS, startSeq, endSeq - 1, 11),
  };
  const out = mkdtempSync(join(tmpdir(), 'fb-renderers-'));
  try {
    await build({
      root: HERE,
      configFile: false,
      publicDir: false,
      logLevel: 'warn',
      resolve: { conditions: ['source', ...defaultClientConditions] },
      build: { outDir: out, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
    });
    writeFileSync(join(out, 'log.json'), JSON.stringify(log.events));
    const server = await serve(out);
    const results = new Map<string, Runs>();
    const pages = new Map<string, Page1>();
    const status = new Map<string, string[]>();
    try {
      for (const setup of SETUPS) {
        const browser = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [...setup.args],
        });
        try {
          status.set(setup.key, await gpuStatus(browser));
          for (let run = 0; run < RUNS; run++) {
            console.log(`  ${setup.label}: run ${run + 1} of ${RUNS}…`);
            // Each run alternates which board goes first, so a change in the machine's load hits both alike.
            for (const renderer of run % 2 ? [...RENDERERS].reverse() : RENDERERS) {
              const key = `${setup.key}:${renderer}`;
              if (!results.has(key)) results.set(key, emptyRuns());
              const page = await runOnce(browser, server.url, renderer, plan, results.get(key)!);
              if (!pages.has(key)) pages.set(key, page);
            }
          }
        } finally {
          await browser.close();
        }
      }
    } finally {
      await server.close();
    }

    console.log(
      `  a ${log.events.length.toLocaleString('en')}-event 32×32 game of four bots; first draws on the state at seq ${plan.first}; ${load()}`,
    );
    for (const setup of SETUPS) {
      const gpu = status.get(setup.key)!;
      console.log(`  ${setup.label} (${setup.args.filter((a) => !BASE_ARGS.includes(a)).join(' ')}):`);
      console.log(`    chrome://gpu: ${gpu.length ? gpu.join('; ') : 'not read'}`);
      for (const renderer of RENDERERS) {
        const p = pages.get(`${setup.key}:${renderer}`)!;
        console.log(`    ${p.name}${p.backend ? `, GL renderer: ${p.backend}` : ''}`);
      }
    }
    const columns = SETUPS.flatMap((s) =>
      RENDERERS.map((r) => ({ key: `${s.key}:${r}`, title: `${pages.get(`${s.key}:${r}`)!.name} (${s.key})` })),
    );
    const cell = (key: string, a: keyof Runs, b?: keyof Runs, d = 1) => {
      const r = results.get(key)!;
      return b ? `${fmt(median(r[a]), d)} / ${fmt(median(r[b]), d)}` : fmt(median(r[a]), d);
    };
    const row = (label: string, a: keyof Runs, b?: keyof Runs, d = 1) => [
      label,
      ...columns.map((c) => cell(c.key, a, b, d)),
    ];
    printTable(
      ['ms (median of runs)', ...columns.map((c) => c.title)],
      [
        row('first draw, fitted 1026×713 DPR 1', 'firstFitted', undefined, 0),
        row('  of which making the renderer (PixiJS init)', 'setupFitted', undefined, 0),
        row('first draw, zoomed 390×619 DPR 2', 'firstZoomed', undefined, 0),
        row(`seek, ${SEEKS} states: p50 / p99`, 'seekP50', 'seekP99'),
        row('  tiles redrawn per seek (p50)', 'seekTiles', undefined, 0),
        row(`step, ${SEEKS} single events: p50 / p99`, 'stepP50', 'stepP99'),
        row('  tiles redrawn per step (p50)', 'stepTiles', undefined, 0),
        row(`pan, ${PAN_FRAMES} frames: frame p50 / p95`, 'panP50', 'panP95'),
        row('  move + draw work per frame p50 / p95', 'workP50', 'workP95', 2),
      ],
    );

    const gzipKb = (file: string) => gzipSync(readFileSync(join(out, file)), { level: 9 }).length / 1024;
    const kb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipKb(f), 0);
    const canvasJs = pages.get('sw:canvas')!.scripts;
    const pixiJs = pages.get('sw:pixi')!.scripts;
    const added = [...pixiJs].filter((f) => !canvasJs.has(f));
    console.log('  JS the page fetched, gzip -9 (page, engine fold and board):');
    console.log(`    Canvas 2D board: ${fmt(kb(canvasJs))} KB in ${canvasJs.size} files`);
    console.log(`    PixiJS board: ${fmt(kb(pixiJs))} KB in ${pixiJs.size} files`);
    console.log(`    added by PixiJS: ${fmt(kb(added))} KB in ${added.length} files (the Canvas 2D board adds none)`);
    if (process.env.BENCH_VERBOSE) for (const f of added) console.log(`      ${f} ${fmt(gzipKb(f))} KB`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
