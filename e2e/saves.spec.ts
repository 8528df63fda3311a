import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { skipTutorial } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

test('saves: save from the saves screen, export to a file, delete, import it back and load it', async ({ page }) => {
  await page.goto('/lobby?start=1&w=7&h=7&seed=9&bots=2&speed=instant');
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await page.locator('.fb-banner-spot').first().click({ force: true });
  const hash = await page.evaluate(() => window.fourBanners!.hash());

  // Opening /saves reloads the page: the game comes back from its autosave (written within a second).
  await page.waitForTimeout(1300);
  await page.goto('/saves');
  await page.getByLabel('Save the current game').fill('Exported game');
  await page.getByTestId('save-current').click();
  const row = page.getByTestId('save-row').filter({ hasText: 'Exported game' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('turn 1');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^four-banners-exported-game-\d{4}-\d\d-\d\d\.json$/);
  const file = await download.path();
  const json = JSON.parse(readFileSync(file, 'utf8'));
  expect(json.format).toBe('four-banners-save');
  expect(json.events[0].kind).toBe('lobby-created');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('save-row')).toHaveCount(0);

  // A file that is not a save is refused with a clear message; the real one imports.
  const importFile = async (files: string | { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-save').click()]);
    await chooser.setFiles(files);
  };
  await importFile({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
  await expect(page.getByTestId('saves-message')).toContainText('not a Four Banners save');
  await importFile(file);
  await expect(page.getByTestId('saves-message')).toContainText('Imported “Exported game”');
  await page.getByTestId('save-row').filter({ hasText: 'Exported game' }).getByTestId('load-save').click();
  await expect(page).toHaveURL(/\/game$/);
  expect(await page.evaluate(() => window.fourBanners!.hash())).toBe(hash);
});

test('saves: blocked storage shows a friendly error, not a crash', async ({ page }) => {
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };
  });
  await page.goto('/saves');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('denied permission')).toBeVisible();
  await page.getByRole('link', { name: 'Main menu' }).click();
  await expect(page.getByTestId('play-offline')).toBeVisible();
});
