import { expect, test } from '@playwright/test';
import { readGame, skipTutorial, tileCenter } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.beforeEach(async ({ page }) => skipTutorial(page));

/** Dispatches a touch pointer sequence on the board: each step is a list of [pointerId, x, y] moves. */
async function touch(
  page: import('@playwright/test').Page,
  kind: 'down' | 'move' | 'up',
  points: [number, number, number][],
) {
  await page.evaluate(
    ({ kind, points }) => {
      const board = document.querySelector('[data-testid="board"]')!;
      for (const [id, x, y] of points) {
        board.dispatchEvent(
          new PointerEvent(`pointer${kind}`, {
            bubbles: true,
            pointerId: id,
            pointerType: 'touch',
            isPrimary: id === 1,
            clientX: x,
            clientY: y,
            buttons: kind === 'up' ? 0 : 1,
          }),
        );
      }
    },
    { kind, points },
  );
}

test('touch: a drag pans without clicking, a pinch zooms, a tap places a banner', async ({ page }) => {
  await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=fast');
  await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
  const spot = page.locator('.fb-banner-spot rect').first();
  const t = {
    x: Math.floor(Number(await spot.getAttribute('x')) / 64),
    y: Math.floor(Number(await spot.getAttribute('y')) / 64),
  };
  const banners = async () => (await readGame(page)).countries[0]!.banners;
  const start = await banners();
  const content = page.locator('.fb-board-content');
  const boxBefore = (await content.boundingBox())!;

  // A 40 px drag that starts and ends on the spot's tile area is a pan, not a click.
  let c = await tileCenter(page, t.x, t.y);
  await touch(page, 'down', [[1, c.x, c.y]]);
  await touch(page, 'move', [[1, c.x + 20, c.y + 5]]);
  await touch(page, 'move', [[1, c.x + 40, c.y + 10]]);
  await touch(page, 'up', [[1, c.x + 40, c.y + 10]]);
  await page.waitForTimeout(100);
  expect(await banners()).toBe(start);
  const boxPanned = (await content.boundingBox())!;
  expect(boxPanned.x - boxBefore.x).toBeCloseTo(40, 0);

  // Two fingers moving apart zoom in.
  c = { x: 195, y: 420 };
  await touch(page, 'down', [
    [1, c.x - 30, c.y],
    [2, c.x + 30, c.y],
  ]);
  for (let i = 1; i <= 5; i++)
    await touch(page, 'move', [
      [1, c.x - 30 - i * 12, c.y],
      [2, c.x + 30 + i * 12, c.y],
    ]);
  await touch(page, 'up', [
    [1, c.x - 90, c.y],
    [2, c.x + 90, c.y],
  ]);
  await page.waitForTimeout(100);
  expect((await content.boundingBox())!.width).toBeGreaterThan(boxPanned.width * 1.5);
  expect(await banners()).toBe(start);

  // A tap (a few px of jitter) on the spot places the banner.
  c = await tileCenter(page, t.x, t.y);
  await touch(page, 'down', [[3, c.x, c.y]]);
  await touch(page, 'move', [[3, c.x + 3, c.y + 2]]);
  await touch(page, 'up', [[3, c.x + 3, c.y + 2]]);
  await expect.poll(banners).toBe(start - 1);
});
