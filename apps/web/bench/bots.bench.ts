/**
 * The offline bots section of the web bench (called from run.ts; alone with `BENCH_ONLY=bots`): a person
 * who only passes plays against three expert bots at the "fast" pace for a few rounds, 10×10 and 32×32.
 * Prints how long the worker took to plan each bot turn, how long the page waited for it, and the page's
 * main-thread long tasks (over 50 ms): in all, and those that began while the page waited on the worker.
 * Aim: no long task while a bot thinks (ARCHITECTURE §7.5). It reports figures and never fails on time.
 */
import type { Browser } from '@playwright/test';

const ROUNDS = Number(process.env.BENCH_BOT_ROUNDS ?? 6);

const fmt = (n: number, d = 1) => n.toFixed(d);
const pct = (xs: number[], p: number) =>
  xs.length === 0 ? 0 : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

interface Figures {
  turns: number;
  inThread: number;
  thought: number[];
  waited: number[];
  longTasks: { start: number; duration: number }[];
  duringWaits: number[];
}

async function play(browser: Browser, base: string, side: number): Promise<Figures> {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 820 }, serviceWorkers: 'block' });
  await ctx.addInitScript({
    content: `globalThis.__name = (f) => f; localStorage.setItem('seen-tutorial', 'true');
      window.__longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });`,
  });
  const page = await ctx.newPage();
  await page.goto(`${base}/lobby?start=1&w=${side}&h=${side}&seed=3&bots=3&difficulty=expert&speed=fast`);
  await page.getByTestId('game').waitFor();
  const myTurn = () =>
    page.waitForFunction(
      () =>
        document.querySelector('[data-testid="player-status"]') !== null ||
        (window.fourBanners?.active() === 0 && !window.fourBanners.botBusy()),
      null,
      { timeout: 120_000 },
    );
  await myTurn();
  // What the page did while it loaded is not the bots'.
  await page.evaluate(() => {
    (window as unknown as { __longTasks: unknown[] }).__longTasks = [];
  });
  const from = await page.evaluate(() => performance.now());
  for (let round = 0; round < ROUNDS; round++) {
    if (await page.getByTestId('player-status').isVisible()) break;
    await page.keyboard.press('Escape');
    const turn = await page.getByTestId('game').getAttribute('data-turn');
    await page.getByTestId('pass-turn').click();
    // The pass dialog opens when banners or units are left (on a big map it can take a moment); with
    // nothing left the turn passes at once.
    const yes = page.getByTestId('modal-next-turn').getByRole('button', { name: 'Yes' });
    const passed = page.waitForFunction(
      (before) => document.querySelector('[data-testid="game"]')?.getAttribute('data-turn') !== before,
      turn,
    );
    await Promise.race([yes.waitFor({ state: 'visible' }).catch(() => undefined), passed.catch(() => undefined)]);
    if (await yes.isVisible()) await yes.click();
    await page.mouse.move(1, 1);
    await passed;
    await myTurn();
  }
  const out = await page.evaluate((since) => {
    const plans = window.fourBanners!.botPlans()!;
    const waits = plans.waits.filter((w) => w.sent >= since);
    const longTasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
    return {
      turns: waits.length,
      inThread: plans.inThread,
      thought: waits.map((w) => w.thought),
      waited: waits.map((w) => w.answered - w.sent),
      longTasks,
      duringWaits: longTasks
        .filter((t) => waits.some((w) => t.start >= w.sent && t.start < w.answered))
        .map((t) => t.duration),
    };
  }, from);
  await ctx.close();
  return out;
}

export async function botsBench(browser: Browser, base: string): Promise<void> {
  console.log(`Offline game against three expert bots ("fast" pace, the person passes, ${ROUNDS} rounds):`);
  for (const side of [10, 32]) {
    const f = await play(browser, base, side);
    const long = f.longTasks.map((t) => t.duration);
    console.log(
      `  ${side}×${side}: ${f.turns} expert turns planned in the worker (${f.inThread} on the page); worker planning p50 ${fmt(pct(f.thought, 0.5))} ms, p99 ${fmt(pct(f.thought, 0.99))} ms, max ${fmt(Math.max(0, ...f.thought))} ms; the page waited p50 ${fmt(pct(f.waited, 0.5))} ms, max ${fmt(Math.max(0, ...f.waited))} ms`,
    );
    console.log(
      `    page long tasks (> 50 ms): ${long.length} in all, longest ${fmt(Math.max(0, ...long), 0)} ms; begun while the page waited on the worker: ${f.duringWaits.length} (longest ${fmt(Math.max(0, ...f.duringWaits), 0)} ms) (aim 0)`,
    );
  }
}
