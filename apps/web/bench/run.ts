/**
 * Web client benchmark (`npm run bench -w apps/web`, after `npm run build -w apps/web`). Prints:
 *  1. initial JS and CSS for /main-menu, brotli / gzip / raw KB (the entry and stylesheets from the build
 *     output; on a first visit, what was begun before the first contentful paint and the app's code fetched
 *     with no input; for a returning player, every script and stylesheet fetched to show the page), and on a
 *     first visit the first tap on the tutorial: the page turning, the app taking over (at 1× and 4× CPU);
 *  2. time to first render of /game with a 32×32 map: from navigation start (the page loads with the game),
 *     and from the click on Start in a loaded lobby (the game screen's code already fetched meanwhile), each
 *     to the frame after the board is drawn;
 *  3. frame times while panning a 32×32 map in Chromium (one pointer move per frame for 2 s);
 *  4. a 10,000-event replay: open time (from the saves, from a file, cold) and seek p50/p99 (replay.bench.ts);
 *  5. Lighthouse on a phone's first visit of /main-menu: score, paints, unused bytes, first-screen bytes
 *     (lighthouse.bench.ts);
 *  6. the board renderers: Canvas 2D against PixiJS (renderers/renderers.bench.ts);
 *  7. an offline game against three expert bots: the worker's planning time and the page's long tasks
 *     (bots.bench.ts).
 * Sections 2–4 run once with the SVG board and once with the canvas board (ARCHITECTURE §7.11), side by
 * side. Aims: ≤ 200 KB gzip initial JS; first render ≤ 250 ms; pan at 60 fps; replay open ≤ 500 ms, seek and
 * turn step p50 ≤ 16 ms and p99 ≤ 33 ms to the next frame; Lighthouse performance ≥ 90. It reports figures
 * and never fails on time. BENCH_WEB_DIST measures another build (default apps/web/dist); BENCH_ONLY=initial,
 * replay, lighthouse, renderers or bots runs that section alone; BENCH_BOARDS=canvas (or svg) measures one board only;
 * BENCH_TRACE=<path> writes a Chrome trace of the replay's seeks to <path>.<board>.json.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startRealServer } from '../../../e2e/real-server';
import { botsBench } from './bots.bench';
import { lighthouseBench } from './lighthouse.bench';
import { replayBench } from './replay.bench';
import { renderersBench } from './renderers/renderers.bench';
import { BOARD_SHOWN_SCRIPT, CHROMIUM_ARGS, type BoardRenderer } from './board-shown';

const DIST = process.env.BENCH_WEB_DIST
  ? resolve(process.env.BENCH_WEB_DIST)
  : resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');
const PORT = Number(process.env.BENCH_PORT ?? 4179);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY;
const BOARDS = (process.env.BENCH_BOARDS ?? 'svg,canvas').split(',') as BoardRenderer[];
const ARGS = ['--disable-gpu', ...CHROMIUM_ARGS];

const fmt = (n: number, d = 1) => n.toFixed(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** A built file's size in KB as brotli 11, gzip -9 and as it is. */
function sizesKb(file: string): { br: number; gzip: number; raw: number } {
  const data = readFileSync(join(DIST, file));
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { br: br / 1024, gzip: gzipSync(data, { level: 9 }).length / 1024, raw: data.length / 1024 };
}
const gzipKb = (file: string) => sizesKb(file).gzip;

/** Files' total as "br / gzip / raw KB in N files". */
function totals(files: readonly string[]): string {
  const t = files.map(sizesKb).reduce((a, b) => ({ br: a.br + b.br, gzip: a.gzip + b.gzip, raw: a.raw + b.raw }), {
    br: 0,
    gzip: 0,
    raw: 0,
  });
  return `${fmt(t.br)} / ${fmt(t.gzip)} / ${fmt(t.raw)} KB in ${files.length} files`;
}

/** The entry script (and any modulepreloads) and its stylesheets, straight from dist/index.html. */
function staticInitial(): { js: string[]; css: string[] } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const js = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((m) => m[1]!);
  return { js, css };
}

/** Scripts and stylesheets fetched until the menu shows (initial), and after idle-time prefetching settles (total). */
async function measuredInitial(page: Page, base: string): Promise<{ initial: string[]; total: string[] }> {
  const files = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (/\.(?:js|css)$/.test(url.pathname) && url.origin === base) files.add(url.pathname);
  });
  await page.goto(`${base}/main-menu`);
  await page.getByTestId('play-offline').waitFor();
  const initial = [...files];
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const total = [...files].filter((f) => f !== '/sw.js' && !f.startsWith('/workbox-'));
  return { initial, total };
}

/**
 * A first visit (tutorial unseen), where the prerendered first screen is the page until the first input
 * (ARCHITECTURE §7.12): the scripts and stylesheets begun before its first contentful paint, and all those
 * fetched once the network is quiet, with no input (the app's code, fetched but not run).
 */
async function measuredFirstVisit(page: Page, base: string): Promise<{ painted: string[]; fetched: string[] }> {
  const files = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (/\.(?:js|css)$/.test(url.pathname) && url.origin === base) files.add(url.pathname);
  });
  await page.goto(`${base}/main-menu`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const painted = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < fcp && /\.(?:js|css)$/.test(new URL(r.name).pathname))
      .map((r) => new URL(r.name).pathname);
  });
  if (await page.evaluate(() => 'fourBanners' in window)) throw new Error('the app started before any input');
  return { painted, fetched: [...files].filter((f) => f !== '/sw.js' && !f.startsWith('/workbox-')) };
}

/**
 * A first visit on a phone-sized touch screen at `rate`× CPU: the first tap on the picture's Next → the
 * tutorial shows its second page (the picture answers), → the app has taken the tutorial over; and the
 * longest task in between (the app's boot runs after the tap).
 */
async function firstTap(
  browser: Browser,
  base: string,
  rate: number,
): Promise<{ turned: number; tookOver: number; longest: number }> {
  const ctx = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    const probe = { down: 0, turned: 0, app: 0, long: [] as [number, number][] };
    (window as unknown as { firstTap: typeof probe }).firstTap = probe;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    addEventListener('pointerdown', () => (probe.down ||= performance.now()), true);
    new MutationObserver(() => {
      const title = document.querySelector('#fb-shell-tutorial h2.mantine-Title-root');
      if (title?.textContent === 'Movement') probe.turned ||= performance.now();
      if (document.querySelector('[data-testid="tutorial-title"]')) probe.app ||= performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`${base}/main-menu`);
  await page.waitForLoadState('networkidle');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.locator('#fb-shell-tutorial').getByRole('button', { name: 'Next' }).tap();
  await page.getByTestId('tutorial-title').waitFor({ timeout: 60_000 });
  const p = await page.evaluate(
    () =>
      (window as unknown as { firstTap: { down: number; turned: number; app: number; long: [number, number][] } })
        .firstTap,
  );
  await ctx.close();
  const during = p.long.filter(([start]) => start >= p.down && start <= p.app).map(([, d]) => d);
  return { turned: p.turned - p.down, tookOver: p.app - p.down, longest: Math.max(0, ...during) };
}

/** Navigation start → the frame after the game's board is drawn (`__boardShown`, board-shown.ts). */
async function firstRender32(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/lobby?start=1&w=32&h=32&seed=7&speed=instant`);
  return page.evaluate(() => (window as unknown as { __boardShown: Promise<number> }).__boardShown);
}

/** A loaded offline lobby set to a 32×32 map: the click on Start → the frame after the board is drawn. */
async function startToBoard32(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/lobby?w=32&h=32&seed=7`);
  await page.getByTestId('start-game').waitFor();
  // What loads while a game is set up (the game screen's code) has arrived, as it would for a person.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const clicked = await page.evaluate(() => {
    const at = performance.now();
    document.querySelector<HTMLButtonElement>('[data-testid="start-game"]')!.click();
    return at;
  });
  const shown = await page.evaluate(() => (window as unknown as { __boardShown: Promise<number> }).__boardShown);
  return shown - clicked;
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
  if (ONLY === 'lighthouse') {
    try {
      return await lighthouseBench(base);
    } finally {
      await server.close();
    }
  }
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
    if (ONLY === 'bots') return await botsBench(browser, base);

    const st = staticInitial();
    const { ctx: c1, page: p1 } = await fresh();
    const measured = await measuredInitial(p1, base);
    await c1.close();
    const js = (files: string[]) => files.filter((f) => f.endsWith('.js'));
    const css = (files: string[]) => files.filter((f) => f.endsWith('.css'));
    const gzipTotal = (files: string[]) => files.reduce((sum, f) => sum + gzipKb(f), 0);
    const first = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
    const firstVisit = await measuredFirstVisit(await first.newPage(), base);
    await first.close();
    console.log('Initial JS and CSS for /main-menu (brotli 11 / gzip -9 / raw):');
    console.log(`  entry (build output): JS ${totals(st.js)}; CSS ${totals(st.css)}`);
    console.log(
      `  first visit, begun before the first contentful paint: JS ${totals(js(firstVisit.painted))}; CSS ${totals(css(firstVisit.painted))}`,
    );
    console.log(
      `  first visit, fetched with no input (the app's code, not run until the first input): JS ${totals(js(firstVisit.fetched))}`,
    );
    for (const rate of [1, 4]) {
      const taps: Awaited<ReturnType<typeof firstTap>>[] = [];
      for (let i = 0; i < 3; i++) taps.push(await firstTap(browser, base, rate));
      const med = (pick: (t: (typeof taps)[number]) => number) => fmt(median(taps.map(pick)), 0);
      console.log(
        `  first visit, first tap on the tutorial's Next at ${rate}× CPU, median of 3: the page turns ${med((t) => t.turned)} ms, ` +
          `the app has taken over ${med((t) => t.tookOver)} ms, longest task meanwhile ${med((t) => t.longest)} ms`,
      );
    }
    console.log('  a returning player (tutorial seen; the app starts at once, nothing cached):');
    if (process.env.BENCH_VERBOSE) for (const f of measured.initial) console.log(`    ${f} ${fmt(gzipKb(f))} KB gzip`);
    console.log(
      `  fetched before the menu shows: JS ${totals(js(measured.initial))} (aim ≤ 200 KB gzip: ${fmt(gzipTotal(js(measured.initial)))}); CSS ${totals(css(measured.initial))}`,
    );
    console.log(
      `  total after idle-time prefetch (dialogs, worker): JS ${totals(js(measured.total))}; CSS ${totals(css(measured.total))}`,
    );
    if (ONLY === 'initial') return;

    for (const renderer of BOARDS) {
      const renders: number[] = [];
      const starts: number[] = [];
      const frames: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { ctx, page } = await freshWith(renderer)();
        renders.push(await firstRender32(page, base));
        if (i === 0) frames.push(...(await panFrames(page)));
        await ctx.close();
        const lobby = await freshWith(renderer)();
        starts.push(await startToBoard32(lobby.page, base));
        await lobby.ctx.close();
      }
      console.log(`The ${renderer} board:`);
      console.log(
        `  first render of /game, 32×32 map (navigation → the frame after the board is drawn), ${RUNS} runs:`,
      );
      console.log(
        `    median ${fmt(median(renders), 0)} ms, min ${fmt(Math.min(...renders), 0)} ms, max ${fmt(Math.max(...renders), 0)} ms`,
      );
      console.log(
        `  first render of a 32×32 game from the lobby (Start clicked → the frame after the board is drawn):`,
      );
      console.log(
        `    median ${fmt(median(starts), 0)} ms, min ${fmt(Math.min(...starts), 0)} ms, max ${fmt(Math.max(...starts), 0)} ms (aim ≤ 250 ms)`,
      );
      const mean = frames.reduce((a, b) => a + b, 0) / frames.length;
      const slow = frames.filter((f) => f > 1000 / 50).length;
      console.log(`  panning a 32×32 map (one pointer move per frame, 2 s, software rendering):`);
      console.log(
        `    ${frames.length} frames, mean ${fmt(mean)} ms (${fmt(1000 / mean, 0)} fps), p95 ${fmt(pct(frames, 0.95))} ms, max ${fmt(Math.max(...frames))} ms, frames over 20 ms: ${slow} (aim 60 fps)`,
      );
    }

    for (const renderer of BOARDS) await replayBench(freshWith(renderer), base, RUNS, renderer);
    await botsBench(browser, base);
    await lighthouseBench(base);
  } finally {
    await browser.close();
    await server.close();
  }
}

// The renderers section builds and serves its own page: it needs neither apps/web/dist nor the server.
void (ONLY === 'renderers' ? renderersBench() : main().then(() => (ONLY ? undefined : renderersBench())));
