import { expect, test } from '@playwright/test';
import { passTurn, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

// The trace's DOM snapshots run on the page's main thread, in the very waits this file measures.
test.use({ trace: 'off' });

test('a game against three expert bots plays to the end with every bot turn planned in the worker, none on the page, and no long task while the page waits on it (ARCHITECTURE §7.5)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Every long task (over 50 ms) of the page's main thread, from its first moment.
  await page.addInitScript(() => {
    const long: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof long }).longTasks = long;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/lobby?start=1&w=8&h=8&seed=3&bots=3&difficulty=expert&speed=instant');
  await expect(page).toHaveURL(/\/game/);
  let ended = false;
  for (let i = 0; i < 200 && !ended; i++) {
    if ((await waitForTurnOrEnd(page)) === 'end') ended = true;
    else await passTurn(page);
  }
  expect(ended).toBe(true);
  await expect(page.getByTestId('player-status')).toHaveText('You lost');

  // Read in one go: the bots may play on after the person is out, so a turn can be between its plan's
  // answer and its last action (busy), when the worker has answered one plan more than the log shows.
  const { plans, botTurns, busy, longTasks } = await page.evaluate(() => {
    const fb = window.fourBanners!;
    const turns = fb
      .events()
      .filter((e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.actor.startsWith('bot-')).length;
    const long = (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks;
    return { plans: fb.botPlans(), botTurns: turns, busy: fb.botBusy(), longTasks: [...long] };
  });
  expect(botTurns).toBeGreaterThan(10);
  // Each bot turn the log holds was planned once, by the worker; the page planned none itself.
  expect(plans!.inThread).toBe(0);
  expect(plans!.inWorker).toBeGreaterThanOrEqual(botTurns);
  expect(plans!.inWorker).toBeLessThanOrEqual(botTurns + (busy ? 1 : 0));
  expect(plans!.waits).toHaveLength(plans!.inWorker);
  for (const w of plans!.waits) expect(w.answered).toBeGreaterThanOrEqual(w.sent);
  // A plan is posted once the page has painted what came before it and gone idle, so while it is out the
  // page has nothing to do: no long task of the main thread begins between a plan's posting and its answer.
  const duringWaits = longTasks.filter((t) => plans!.waits.some((w) => t.start >= w.sent && t.start < w.answered));
  expect(duringWaits).toEqual([]);
  const longest = Math.max(...plans!.waits.map((w) => w.thought));
  test.info().annotations.push({
    type: 'figures',
    description: `${botTurns} expert turns planned in the worker; the longest took ${longest.toFixed(1)} ms there; ${longTasks.length} long tasks in the whole game, none while a plan was out`,
  });
});
