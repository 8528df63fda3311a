/**
 * The SVG board (the fallback where a browser has no 2D canvas, ARCHITECTURE §7.11): a large map draws its
 * units, landmarks and badges as bitmaps (a replay's far seek redraws the whole 32×32 map, and a <use> of a
 * symbol per drawing was the bulk of that work). The bitmaps are made in the page from the same SVG
 * drawings, and every tile still names its land pattern.
 */
import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { readGame, skipTutorial } from './helpers';

test.beforeEach(async ({ page }) => {
  await skipTutorial(page);
  await page.addInitScript(() => localStorage.setItem('board-renderer', 'svg'));
});

test('on the SVG board a 32×32 map places each drawing as one bitmap image, and every tile keeps its land pattern', async ({
  page,
}) => {
  await page.goto('/lobby?start=1&w=32&h=32&seed=7&speed=instant');
  await expect(page.getByTestId('board')).toHaveAttribute('data-renderer', 'svg');
  const tiles = page.locator('.fb-board-svg .fb-tiles > g');
  await expect(tiles).toHaveCount(1024);
  // Once the bitmaps are made, no tile uses a symbol any more.
  await expect(page.locator('.fb-board-svg .fb-tiles image').first()).toBeVisible();
  await expect(page.locator('.fb-board-svg .fb-tiles use')).toHaveCount(0);
  const g = await readGame(page);
  const drawn = g.tiles.filter((t) => t.unit || t.landmark >= 0).length;
  const images = await page
    .locator('.fb-board-svg .fb-tiles image')
    .evaluateAll((els) => els.map((e) => ({ href: e.getAttribute('href') ?? '' })));
  expect(images.length).toBeGreaterThanOrEqual(drawn);
  for (const i of images) expect(i.href.startsWith('data:image/png;base64,')).toBe(true);
  // The same drawings are a handful of bitmaps, shared by all tiles.
  expect(new Set(images.map((i) => i.href)).size).toBeLessThanOrEqual(31);
  const patterns = await tiles.evaluateAll((gs) => gs.map((x) => x.getAttribute('data-pattern')));
  g.tiles.forEach((t, i) =>
    expect(patterns[i]).toBe(t.owner < 0 ? null : `fb-land-${t.owner}-${t.type === 1 ? 'settled' : 'nomad'}`),
  );
  // Zoomed in, for people to look at the bitmaps up close.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.screenshot({
    path: fileURLToPath(new URL('../test-results/screenshots/board-32-bitmaps.png', import.meta.url)),
  });
});
