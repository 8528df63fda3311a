/**
 * Web client benchmark (`npm run bench -w apps/web`, after `npm run build -w apps/web`). Prints:
 *  1. initial JS for /main-menu, gzip KB (the entry and its preloads from the build output, and every
 *     script Chromium actually fetched to show the page);
 *  2. time to first render of /game with a 32×32 map (navigation start → the frame after the board is drawn);
 *  3. frame times while panning a 32×32 map in Chromium (one pointer move per frame for 2 s);
 *  4. a 10,000-event replay: open time (from the saves, from a file, cold) and seek p50/p99 (replay.bench.ts).
 * Sections 2–4 run once with the SVG board and once with the canvas board (ARCHITECTURE §7.11), side by
 * side. Aims: ≤ 200 KB gzip initial JS; first render ≤ 250 ms; pan at 60 fps; replay open ≤ 500 ms, seek and
 * turn step p50 ≤ 16 ms and p99 ≤ 33 ms to the next frame. It reports figures and never fails on time.
 * BENCH_WEB_DIST measures another build (default apps/web/dist); BENCH_ONLY=replay runs the replay section
 * alone; BENCH_BOARDS=canvas (or svg) measures one board only. The full run ends with the renderers section
 * (Canvas 2D against PixiJS, renderers/renderers.bench.ts), which BENCH_ONLY=renderers runs alone.
 */
import { chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startRealServer } from '../../../e2e/real-server';
import { replayBench } from './replay.bench';
import { renderersBench } from './renderers/renderers.bench';
import { BOARD_SHOWN_SCRIPT, type BoardRenderer } from './board-shown';

const DIST = process.env.BENCH_WEB_DIST
  ? resolve(process.env.BENCH_WEB_DIST)
  : resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');
const PORT = Number(process.env.BENCH_PORT ?? 4179);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY;
const BOARDS = (process.env.BENCH_BOARDS ?? 'svg,canvas').split(',') as BoardRenderer[];
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (n: number, d = 1) => n.toFixed(d);

/** The entry script and its modulepreloads, straight from dist/index.html. */
function staticInitialJs(): { files: string[]; kb: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  return { files, kb: files.reduce((sum, f) => sum + gzipKb(join(DIST, f)), 0) };
}

/** Scripts fetched until the menu shows (initial), and after idle-time prefetching settles (total). */
async function measuredInitialJs(page: Page, base: string): Promise<{ initial: string[]; total: string[] }> {
  const files = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js') && url.origin === base) files.add(url.pathname);
  });
  await page.goto(`${base}/main-menu`);
  await page.getByTestId('play-offline').waitFor();
  const initial = [...files];
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const total = [...files].filter((f) => f !== '/sw.js' && !f.startsWith('/workbox-'));
  return { initial, total };
}

/** Navigation start → the frame after the game's board is drawn (`__boardShown`, board-shown.ts). */
async function firstRender32(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/lobby?start=1&w=32&h=32&seed=7&speed=instant`);
  return page.evaluate(() => (window as unknown as { __boardShown: Promise<number> }).__boardShown);
}

async function panFrames(page: Page): Promise<number[]> {
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<number[]>((done) => {
        const board = document.querySelector<HTMLElement>('[data-testid="board"]')!;
        const r = board.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const opts = (x: number, y: number) => ({
          bubbles: true,
          pointerId: 7,
          pointerType: 'mouse',
          button: 0,
          buttons: 1,
          clientX: x,
          clientY: y,
        });
        // Zoom in first so the map is larger than the screen, like a real 32×32 game.
        for (let i = 0; i < 4; i++)
          board.dispatchEvent(
            new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: -120, clientX: cx, clientY: cy }),
          );
        board.dispatchEvent(new PointerEvent('pointerdown', opts(cx, cy)));
        const frames: number[] = [];
        let last = 0;
        let start = 0;
        const step = (t: number) => {
          if (!start) start = t;
          if (last) frames.push(t - last);
          last = t;
          const k = (t - start) / 2000;
          const x = cx + Math.sin(k * Math.PI * 2) * r.width * 0.3;
          const y = cy + Math.sin(k * Math.PI * 4) * r.height * 0.2;
          board.dispatchEvent(new PointerEvent('pointermove', opts(x, y)));
          if (t - start < 2000) requestAnimationFrame(step);
          else {
            board.dispatchEvent(new PointerEvent('pointerup', opts(x, y)));
            done(frames);
          }
        };
        requestAnimationFrame(step);
      }),
  );
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('apps/web/dist is missing: building it first…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: resolve(DIST, '..'), stdio: 'inherit' });
  }
  const server = await startRealServer(PORT, DIST);
  const base = server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const freshWith = (renderer: BoardRenderer) => async () => {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 820 }, serviceWorkers: 'block' });
      // tsx keeps function names with a `__name` helper that the page does not have.
      await ctx.addInitScript({
        content: `globalThis.__name = (f) => f; localStorage.setItem('seen-tutorial', 'true'); localStorage.setItem('board-renderer', '${renderer}');`,
      });
      await ctx.addInitScript({ content: BOARD_SHOWN_SCRIPT });
      return { ctx, page: await ctx.newPage() };
    };
    const fresh = freshWith('canvas');
    if (ONLY === 'replay') {
      for (const renderer of BOARDS) await replayBench(freshWith(renderer), base, RUNS, renderer);
      return;
    }

    const st = staticInitialJs();
    const { ctx: c1, page: p1 } = await fresh();
    const measured = await measuredInitialJs(p1, base);
    await c1.close();
    const kb = (files: string[]) => files.reduce((sum, f) => sum + gzipKb(join(DIST, f)), 0);
    console.log('Initial JS for /main-menu (gzip -9):');
    console.log(`  entry + modulepreloads (build output): ${fmt(st.kb)} KB in ${st.files.length} files`);
    if (process.env.BENCH_VERBOSE)
      for (const f of measured.initial) console.log(`    ${f} ${fmt(gzipKb(join(DIST, f)))} KB`);
    console.log(
      `  fetched before the menu shows: ${fmt(kb(measured.initial))} KB in ${measured.initial.length} files (aim ≤ 200 KB)`,
    );
    console.log(
      `  total after idle-time prefetch (dialogs, worker): ${fmt(kb(measured.total))} KB in ${measured.total.length} files`,
    );

    for (const renderer of BOARDS) {
      const renders: number[] = [];
      const frames: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { ctx, page } = await freshWith(renderer)();
        renders.push(await firstRender32(page, base));
        if (i === 0) frames.push(...(await panFrames(page)));
        await ctx.close();
      }
      console.log(`The ${renderer} board:`);
      console.log(
        `  first render of /game, 32×32 map (navigation → the frame after the board is drawn), ${RUNS} runs:`,
      );
      console.log(
        `    median ${fmt(median(renders), 0)} ms, min ${fmt(Math.min(...renders), 0)} ms, max ${fmt(Math.max(...renders), 0)} ms (aim ≤ 250 ms)`,
      );
      const mean = frames.reduce((a, b) => a + b, 0) / frames.length;
      const slow = frames.filter((f) => f > 1000 / 50).length;
      console.log(`  panning a 32×32 map (one pointer move per frame, 2 s, software rendering):`);
      console.log(
        `    ${frames.length} frames, mean ${fmt(mean)} ms (${fmt(1000 / mean, 0)} fps), p95 ${fmt(pct(frames, 0.95))} ms, max ${fmt(Math.max(...frames))} ms, frames over 20 ms: ${slow} (aim 60 fps)`,
      );
    }

    for (const renderer of BOARDS) await replayBench(freshWith(renderer), base, RUNS, renderer);
  } finally {
    await browser.close();
    await server.close();
  }
}

// The renderers section builds and serves its own page: it needs neither apps/web/dist nor the server.
void (ONLY === 'renderers' ? renderersBench() : main().then(() => (ONLY ? undefined : renderersBench())));
