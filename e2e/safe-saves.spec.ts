/**
 * Safe saves (issue 9): loading a save or starting a new game over an offline game in progress asks
 * first — save it first, replace it, or cancel — and goes straight through when nothing would be lost.
 */
import { expect, test, type Page } from '@playwright/test';
import { appStarted, autosavedLog, passTurn, readGame, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

// Read once the app has started: a page loaded by URL runs it after its first frame.
const hash = async (page: Page) => {
  await appStarted(page);
  return page.evaluate(() => window.fourBanners!.hash());
};
const logLength = async (page: Page) => {
  await appStarted(page);
  return page.evaluate(() => window.fourBanners!.logLength());
};

/** The number of events the autosave holds (0 when there is none). */
const autosavedLength = async (page: Page) => (await autosavedLog(page))?.length ?? 0;

/** Opens `path` by URL once the autosave holds the whole game (the page reloads and restores it). */
async function gotoKeepingGame(page: Page, path: string): Promise<void> {
  const length = await logLength(page);
  await expect.poll(() => autosavedLength(page), { timeout: 5000 }).toBe(length);
  await page.goto(path);
}

/** Plays on: the person passes and the bots answer, so the game differs from any save of it. */
async function playOn(page: Page): Promise<void> {
  await passTurn(page);
  expect(await waitForTurnOrEnd(page)).toBe('turn');
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Replace the game in progress?' });

test('loading a save over an offline game in progress asks first: cancel, replace it, save it first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/lobby?start=1&w=7&h=7&seed=9&bots=2&speed=instant');
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await page.locator('.fb-banner-spot').first().click({ force: true });
  const earlier = await hash(page);

  await gotoKeepingGame(page, '/saves');
  await page.getByLabel('Save the current game').fill('Earlier game');
  await page.getByTestId('save-current').click();
  const earlierRow = page.getByTestId('save-row').filter({ hasText: 'Earlier game' });
  await expect(earlierRow).toBeVisible();

  // Loading the save of the very game on the board loses nothing: no question.
  await earlierRow.getByTestId('load-save').click();
  await expect(page).toHaveURL(/\/game$/);
  expect(await hash(page)).toBe(earlier);

  // Played on since the save: loading it would lose those moves, so it asks, naming the game.
  await playOn(page);
  const inProgress = await hash(page);
  expect(inProgress).not.toBe(earlier);
  const turn = (await readGame(page)).turnCount;
  await gotoKeepingGame(page, '/saves');
  await expect.poll(() => hash(page)).toBe(inProgress);
  await earlierRow.getByTestId('load-save').click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('replace-game-message')).toHaveText(
    `A game is in progress (turn ${turn}, you are Green). Loading “Earlier game” replaces it.`,
  );

  // Cancel keeps the game in progress.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/saves/);
  expect(await hash(page)).toBe(inProgress);

  // Replace it: the save is on the board and no new save was made.
  await earlierRow.getByTestId('load-save').click();
  await dialogOf(page).getByRole('button', { name: 'Replace it' }).click();
  await expect(page).toHaveURL(/\/game$/);
  expect(await hash(page)).toBe(earlier);
  await gotoKeepingGame(page, '/saves');
  await expect(page.getByTestId('save-row')).toHaveCount(1);

  // Save it first: the game in progress is kept as a new save, then the save is on the board.
  await page.goto('/game?speed=instant');
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await playOn(page);
  const replaced = await hash(page);
  await gotoKeepingGame(page, '/saves');
  await earlierRow.getByTestId('load-save').click();
  await dialogOf(page).getByRole('button', { name: 'Save it first' }).click();
  await expect(page).toHaveURL(/\/game$/);
  expect(await hash(page)).toBe(earlier);
  await gotoKeepingGame(page, '/saves');
  await expect(page.getByTestId('save-row')).toHaveCount(2);
  const keptRow = page.getByTestId('save-row').filter({ hasNotText: 'Earlier game' });
  await expect(keptRow).toContainText("Player's game");

  // The new save holds the replaced game; the board (the unchanged "Earlier game") loses nothing, so no question.
  await keptRow.getByTestId('load-save').click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(dialogOf(page)).toHaveCount(0);
  expect(await hash(page)).toBe(replaced);
});

test('starting a new game from the offline lobby over a game in progress asks too', async ({ page }) => {
  await page.goto('/lobby?start=1&w=7&h=7&seed=9&bots=2&speed=instant');
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await page.locator('.fb-banner-spot').first().click({ force: true });
  const inProgress = await hash(page);
  const turn = (await readGame(page)).turnCount;

  await gotoKeepingGame(page, '/lobby');
  await page.getByTestId('start-game').click();
  const dialog = dialogOf(page);
  await expect(dialog.getByTestId('replace-game-message')).toHaveText(
    `A game is in progress (turn ${turn}, you are Green). Starting a new game replaces it.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/lobby$/);
  expect(await hash(page)).toBe(inProgress);

  await page.getByTestId('start-game').click();
  await dialogOf(page).getByRole('button', { name: 'Replace it' }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  expect(await hash(page)).not.toBe(inProgress);
});

test('with no game in progress, loading a save goes straight through', async ({ page, browser }) => {
  await page.goto('/lobby?start=1&w=7&h=7&seed=9&bots=2&speed=instant');
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await page.locator('.fb-banner-spot').first().click({ force: true });
  const saved = await hash(page);
  await gotoKeepingGame(page, '/saves');
  await page.getByLabel('Save the current game').fill('Carried game');
  await page.getByTestId('save-current').click();
  const row = page.getByTestId('save-row').filter({ hasText: 'Carried game' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Export' }).click(),
  ]);
  const file = await download.path();

  // A browser that never played: import the file and load it.
  const fresh = await browser.newPage();
  await skipTutorial(fresh);
  await fresh.goto('/saves');
  await expect(fresh.getByTestId('import-save')).toBeVisible();
  expect(await hash(fresh)).toBeNull();
  const [chooser] = await Promise.all([fresh.waitForEvent('filechooser'), fresh.getByTestId('import-save').click()]);
  await chooser.setFiles(file);
  await fresh.getByTestId('save-row').filter({ hasText: 'Carried game' }).getByTestId('load-save').click();
  await expect(fresh).toHaveURL(/\/game$/);
  await expect(dialogOf(fresh)).toHaveCount(0);
  expect(await hash(fresh)).toBe(saved);
  await fresh.context().close();
});
