/**
 * Sound effects (issue 9): a persisted volume and mute setting, off by default when the OS asks for
 * reduced motion, and sounds for the game's moves, banners and turns that only play when allowed. The
 * page lists what it played through the read-only handle (`window.fourBanners.sounds()`).
 */
import { expect, test, type Page } from '@playwright/test';
import { clickTile, passTurn, playTurn, readGame, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

const sounds = (page: Page) => page.evaluate(() => window.fourBanners?.sounds() ?? []);

const switchOf = (page: Page) => page.getByRole('switch', { name: 'Sound effects' });
const volumeOf = (page: Page) => page.getByRole('slider', { name: 'Volume' });

test('mute and volume are kept across a reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(switchOf(page)).toBeChecked();
  await expect(volumeOf(page)).toHaveAttribute('aria-valuenow', '60');

  await volumeOf(page).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(volumeOf(page)).toHaveAttribute('aria-valuenow', '40');
  await switchOf(page).uncheck();
  await expect(switchOf(page)).not.toBeChecked();

  await page.reload();
  await expect(switchOf(page)).not.toBeChecked();
  await expect(volumeOf(page)).toHaveAttribute('aria-valuenow', '40');
  expect(await page.evaluate(() => [localStorage.getItem('sound'), localStorage.getItem('sound-volume')])).toEqual([
    'off',
    '40',
  ]);
});

test('sound is off by default under reduced motion, and stays on once the player turns it on', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/settings');
  await expect(switchOf(page)).not.toBeChecked();
  await expect(page.getByTestId('sound-settings')).toContainText('reduced motion');
  await switchOf(page).check();
  await page.reload();
  await expect(switchOf(page)).toBeChecked();
});

/** Plays person turns (a banner, unit steps, a pass) against instant bots until a move was made. */
async function playUntilMoved(page: Page): Promise<void> {
  for (let turn = 0; turn < 6; turn++) {
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    const report = await playTurn(page, { attack: false });
    if (turn > 0 && report.moves > 0) return;
    await passTurn(page);
  }
  throw new Error('no unit moved in six turns');
}

test('a game against bots sounds the banner, the moves and the turn; an illegal click stays silent (ARCHITECTURE §7.5)', async ({
  page,
}) => {
  await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
  await expect(page).toHaveURL(/\/game/);
  await playUntilMoved(page);
  const heard = await sounds(page);
  expect(heard).toContain('banner');
  expect(heard).toContain('move');
  expect(heard).toContain('your-turn');

  // A click on a tile no unit of ours can reach changes nothing, and makes no sound.
  await page.keyboard.press('Escape');
  const g = await readGame(page);
  const before = await page.evaluate(() => window.fourBanners!.logLength());
  const far = g.tiles.find((t) => !t.unit && t.owner !== 0 && t.owner !== -1) ?? g.tiles.find((t) => !t.unit)!;
  await clickTile(page, far.pos.x, far.pos.y);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.fourBanners!.logLength())).toBe(before);
  expect(await sounds(page)).toEqual(heard);
});

test('muted, the same game plays no sound at all', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sound', 'off'));
  await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
  await expect(page).toHaveURL(/\/game/);
  await playUntilMoved(page);
  await passTurn(page);
  expect(await waitForTurnOrEnd(page)).toBe('turn');
  // The game did go on: the log grew past the start.
  expect(await page.evaluate(() => window.fourBanners!.logLength())).toBeGreaterThan(8);
  expect(await sounds(page)).toEqual([]);
});
