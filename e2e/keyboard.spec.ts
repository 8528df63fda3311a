import { expect, test } from '@playwright/test';
import { readGame, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

test('the game plays with keys alone, and the page icon follows the turn', async ({ page }) => {
  await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=slow');
  await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
  // The page icon is green's unit while green moves.
  const icon = () => page.locator('link[rel="icon"]').getAttribute('href');
  await expect.poll(icon).toMatch(/^data:image\/svg\+xml,/);
  const greenIcon = await icon();
  expect(decodeURIComponent(greenIcon!)).toContain('#37D98C');

  // Walk the cursor to a white banner tile and place a banner with Space.
  const spot = page.locator('.fb-banner-spot rect').first();
  const target = {
    x: Math.floor(Number(await spot.getAttribute('x')) / 64),
    y: Math.floor(Number(await spot.getAttribute('y')) / 64),
  };
  await page.keyboard.press('ArrowRight'); // the cursor appears (map centre: green has no unit yet)
  const g = await readGame(page);
  let cursor = { x: Math.floor(g.w / 2), y: Math.floor(g.h / 2) };
  while (cursor.x !== target.x) {
    const right = target.x > cursor.x;
    await page.keyboard.press(right ? 'ArrowRight' : 'ArrowLeft');
    cursor = { ...cursor, x: cursor.x + (right ? 1 : -1) };
  }
  while (cursor.y !== target.y) {
    const down = target.y > cursor.y;
    await page.keyboard.press(down ? 'ArrowDown' : 'ArrowUp');
    cursor = { ...cursor, y: cursor.y + (down ? 1 : -1) };
  }
  const before = (await readGame(page)).countries[0]!.banners;
  await page.keyboard.press('Space');
  await expect.poll(async () => (await readGame(page)).countries[0]!.banners).toBe(before - 1);
  expect((await readGame(page)).tiles[target.x + target.y * g.w]!.landmark).toBe(0);

  // Enter asks to pass; Enter again confirms (Yes has the focus); the bot plays; the icon turns purple.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Are you sure you want to pass the turn?')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bot-bar')).toBeVisible();
  await expect.poll(async () => decodeURIComponent((await icon())!)).toContain('#9179FF');
  await page.keyboard.press('Space'); // skip the bots
  expect(await waitForTurnOrEnd(page, 10_000)).toBe('turn');
});

test('a button says what it does when the mouse rests on it or the keyboard reaches it (ARCHITECTURE §7.14)', async ({
  page,
}) => {
  await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=slow');
  const hintBox = page.getByRole('tooltip');
  const save = page.getByTestId('save-game');
  await save.hover();
  await expect(hintBox).toHaveText('Save game');
  await expect(save).toHaveAttribute('aria-describedby', 'fb-hint');
  // Beside the button (below it, at the top of the window), never over it.
  const [b, h] = [await save.boundingBox(), await hintBox.boundingBox()];
  expect(h!.y >= b!.y + b!.height - 1 || h!.y + h!.height <= b!.y + 1).toBe(true);
  await page.mouse.move(5, 300);
  await expect(hintBox).toBeHidden();
  await expect(save).not.toHaveAttribute('aria-describedby', /fb-hint/);

  // The keyboard's focus shows the hint with its key; Escape hides it.
  const pass = page.getByTestId('pass-turn');
  await pass.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(pass).toBeFocused();
  await expect(hintBox).toHaveText('Pass the turn Enter');
  await page.keyboard.press('Escape');
  await expect(hintBox).toBeHidden();
});
