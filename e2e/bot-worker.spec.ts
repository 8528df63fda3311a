import { expect, test } from '@playwright/test';
import { passTurn, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

test('a game against three expert bots plays to the end with every bot turn planned in the worker, none on the page (ARCHITECTURE §7.5)', async ({
  page,
}) => {
  test.setTimeout(240_000);
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
  const { plans, botTurns, busy } = await page.evaluate(() => {
    const fb = window.fourBanners!;
    const turns = fb
      .events()
      .filter((e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && e.actor.startsWith('bot-')).length;
    return { plans: fb.botPlans(), botTurns: turns, busy: fb.botBusy() };
  });
  expect(botTurns).toBeGreaterThan(10);
  // Each bot turn the log holds was planned once, by the worker; the page planned none itself.
  expect(plans!.inThread).toBe(0);
  expect(plans!.inWorker).toBeGreaterThanOrEqual(botTurns);
  expect(plans!.inWorker).toBeLessThanOrEqual(botTurns + (busy ? 1 : 0));
  expect(plans!.waits).toHaveLength(plans!.inWorker);
  for (const w of plans!.waits) expect(w.answered).toBeGreaterThanOrEqual(w.sent);
  const longest = Math.max(...plans!.waits.map((w) => w.thought));
  test.info().annotations.push({
    type: 'figures',
    description: `${botTurns} expert turns planned in the worker; the longest took ${longest.toFixed(1)} ms there`,
  });
});
