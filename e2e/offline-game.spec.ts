import { expect, test } from '@playwright/test';
import { active, passTurn, playTurn, readGame, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

test('play vs bots: banner, move, attack, pass, bots play, save, reload, load and continue', async ({ page }) => {
  await page.goto('/main-menu');
  await page.getByTestId('play-offline').click();
  await expect(page).toHaveURL(/\/lobby$/);
  // A small map with one easy bot keeps the armies close; the defaults are 'Player' + three easy bots.
  await expect(page.getByTestId('seat-1')).toHaveValue('Easy Bot');
  await page.getByLabel('Width').fill('6');
  await page.getByLabel('Height').fill('6');
  await page.getByLabel('Seed').fill('20261122');
  for (const c of [2, 3]) {
    await page.getByTestId(`seat-${c}`).click();
    await page.getByRole('option', { name: 'Empty' }).click();
  }
  await page.getByTestId('start-game').click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
  expect(await active(page)).toBe(0);

  let banners = 0;
  let moves = 0;
  let attacks = 0;
  let watchedBots = false;
  for (let turn = 0; turn < 30 && (banners === 0 || moves === 0 || attacks === 0); turn++) {
    const r = await playTurn(page);
    banners += r.banners;
    moves += r.moves;
    attacks += r.attacks;
    await passTurn(page);
    if (!watchedBots) {
      await expect(page.getByTestId('bot-bar')).toBeVisible();
      watchedBots = true;
    }
    if ((await waitForTurnOrEnd(page)) === 'end') break;
  }
  expect(banners).toBeGreaterThan(0);
  expect(moves).toBeGreaterThan(0);
  expect(attacks).toBeGreaterThan(0);

  // Save, reload (the game in memory is gone), load the save: the same game continues.
  if (await page.getByTestId('player-status').isVisible()) await page.getByRole('button', { name: 'Stay' }).click();
  await waitForTurnOrEnd(page);
  const hash = await page.evaluate(() => window.fourBanners!.hash());
  await page.getByTestId('save-game').click();
  await page.getByTestId('save-dialog').getByLabel('Name').fill('e2e save');
  await page.getByTestId('save-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('e2e save');

  // A reload continues the game in progress (it is autosaved as it goes).
  await page.waitForTimeout(1200);
  await page.reload();
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.fourBanners!.hash())).toBe(hash);
  await page.goto('/saves');
  const row = page.getByTestId('save-row').filter({ hasText: 'e2e save' });
  await expect(row).toBeVisible();
  await row.getByTestId('load-save').click();
  await expect(page).toHaveURL(/\/game$/);
  expect(await page.evaluate(() => window.fourBanners!.hash())).toBe(hash);

  const g = await readGame(page);
  if (g.countries.length > 1 && (await active(page)) !== null) {
    const before = g.turnCount;
    await passTurn(page);
    await waitForTurnOrEnd(page);
    expect((await readGame(page)).turnCount).toBeGreaterThan(before);
  }
});

test('a link to /lobby with a map sets the lobby up without starting it; the seats stay as they were', async ({
  page,
}) => {
  await page.goto('/lobby?w=16&h=12&seed=42');
  await expect(page).toHaveURL(/\/lobby\?/);
  await expect(page.getByLabel('Width')).toHaveValue('16');
  await expect(page.getByLabel('Height')).toHaveValue('12');
  await expect(page.getByLabel('Seed')).toHaveValue('42');
  await expect(page.getByTestId('seat-1')).toHaveValue('Easy Bot');
  await expect(page.getByRole('img', { name: 'Map preview, 16 by 12' })).toBeVisible();
  await page.getByTestId('start-game').click();
  await expect(page).toHaveURL(/\/game$/);
  const g = await readGame(page);
  expect([g.w, g.h]).toEqual([16, 12]);
});
