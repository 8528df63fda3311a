import { expect, test } from '@playwright/test';
import { passTurn, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

test('a whole game against a hard bot runs to the player-status dialog', async ({ page }) => {
  // Quick start: 5×5, one hard bot, bots play instantly. The person only passes.
  await page.goto('/lobby?start=1&w=5&h=5&seed=11&bots=1&difficulty=hard&speed=instant');
  await expect(page).toHaveURL(/\/game/);
  let ended = false;
  for (let i = 0; i < 80 && !ended; i++) {
    if ((await waitForTurnOrEnd(page)) === 'end') {
      ended = true;
      break;
    }
    await passTurn(page);
  }
  expect(ended).toBe(true);
  const status = page.getByTestId('modal-player-status');
  await expect(status.getByTestId('player-status')).toHaveText(/^You (win|lost)$/);
  await expect(status.getByRole('button', { name: 'Leave lobby' })).toBeVisible();
  await status.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await page.getByRole('button', { name: 'Leave the game' }).click();
  const quit = page.getByTestId('modal-quit-lobby');
  await expect(quit.getByText('Are you sure you want to leave the lobby?')).toBeVisible();
  await quit.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/main-menu$/);
});
