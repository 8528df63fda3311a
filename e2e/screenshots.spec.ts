/**
 * Screenshots of every screen at desktop and phone sizes, for people to look at
 * (written to test-results/screenshots/). They assert only that each screen rendered.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  PASS_QUESTION,
  active,
  clickTile,
  passTurn,
  playTurn,
  readGame,
  skipTutorial,
  startApp,
  tileCenter,
  waitForTurnOrEnd,
} from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 820 }, isMobile: false, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

async function shot(page: Page, size: string, name: string) {
  await page.waitForTimeout(350); // let dialogs finish their 200 ms transition
  await page.screenshot({ path: `${OUT}${size}-${name}.png` });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test(`screens at ${size.name} size`, async ({ page }) => {
      await page.goto('/main-menu');
      await startApp(page);
      await expect(page.getByTestId('tutorial-title')).toHaveText('Welcome');
      await shot(page, size.name, '01-tutorial');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await shot(page, size.name, '02-tutorial-attacking');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shot(page, size.name, '03-main-menu');

      await page.goto('/lobby');
      await expect(page.getByTestId('start-game')).toBeVisible();
      await shot(page, size.name, '04-lobby');
      await page.goto('/lobby-preview');
      await shot(page, size.name, '05-lobby-preview');

      await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=fast');
      await expect(page.getByTestId('whose-turn')).toBeVisible();
      await shot(page, size.name, '06-game-start');
      // Play until one of our units stands next to an enemy: select it (moves and targets), then attack.
      for (let i = 0; i < 15; i++) {
        const g = await readGame(page);
        const me = await active(page);
        const ready = g.tiles.find(
          (t) =>
            t.unit?.id === me &&
            !t.unit.attacked &&
            g.tiles.some(
              (o) =>
                o.unit && o.unit.id !== me && Math.max(Math.abs(o.pos.x - t.pos.x), Math.abs(o.pos.y - t.pos.y)) === 1,
            ),
        );
        if (ready) {
          const enemy = g.tiles.find(
            (o) =>
              o.unit &&
              o.unit.id !== me &&
              Math.max(Math.abs(o.pos.x - ready.pos.x), Math.abs(o.pos.y - ready.pos.y)) === 1,
          )!;
          await clickTile(page, ready.pos.x, ready.pos.y);
          const e = await tileCenter(page, enemy.pos.x, enemy.pos.y);
          await page.mouse.move(e.x, e.y);
          await shot(page, size.name, '07-game-select');
          await page.mouse.click(e.x, e.y);
          await expect(page.getByTestId('fight-card')).toBeVisible();
          await expect(page.getByTestId('fight-card')).toHaveAttribute('data-phase', 'result');
          await shot(page, size.name, '07b-game-fight');
          break;
        }
        await playTurn(page, { attack: false });
        await passTurn(page);
        if ((await waitForTurnOrEnd(page)) === 'end') break;
      }
      // Pass turn asks only while something is left (then the dialog says what); else it passes at once.
      const turn = await page.getByTestId('game').getAttribute('data-turn');
      await page.getByTestId('pass-turn').click();
      const question = page.getByTestId('modal-next-turn').getByText(PASS_QUESTION);
      await expect
        .poll(
          async () =>
            (await question.isVisible()) || (await page.getByTestId('game').getAttribute('data-turn')) !== turn,
        )
        .toBe(true);
      if (await question.isVisible()) {
        await shot(page, size.name, '08-pass-turn-dialog');
        await page.getByRole('button', { name: 'Yes' }).click();
      }
      await expect(page.getByTestId('bot-bar')).toBeVisible();
      await shot(page, size.name, '09-bots-playing');
      await waitForTurnOrEnd(page);

      await page.goto('/saves');
      await expect(page.getByRole('heading', { name: 'Saved games' })).toBeVisible();
      await shot(page, size.name, '10-saves');
      await page.goto('/settings');
      await shot(page, size.name, '11-settings');
      await page.goto('/join-lobby');
      await shot(page, size.name, '12-join-lobby');
      await page.goto('/nowhere');
      await expect(page.getByTestId('not-found')).toBeVisible();
      await shot(page, size.name, '13-not-found');
    });
  });
}

/** The game mid-way at the four sizes the layout is checked at (e2e/layout.spec.ts), for the README. */
const GAME_SIZES = [
  { name: 'desktop-1366', viewport: { width: 1366, height: 768 }, phone: false },
  { name: 'desktop-1920', viewport: { width: 1920, height: 1080 }, phone: false },
  { name: 'phone-390', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'phone-360', viewport: { width: 360, height: 640 }, phone: true },
] as const;

for (const size of GAME_SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, ...(size.phone ? { isMobile: true, hasTouch: true } : {}) });

    test(`the game mid-way with the players, at ${size.name}`, async ({ page }) => {
      await skipTutorial(page);
      await page.goto('/lobby?start=1&w=10&h=10&seed=5&bots=3&speed=instant');
      await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
      for (let round = 0; round < 4; round++) {
        await playTurn(page);
        await passTurn(page);
        if ((await waitForTurnOrEnd(page)) === 'end') break;
      }
      await expect(page.getByTestId('handoff')).toHaveCount(0, { timeout: 5000 });
      // A unit of ours selected: its moves and targets lit, and the tile under the pointer described.
      const g = await readGame(page);
      const me = await active(page);
      const unit = g.tiles.find((t) => t.unit?.id === me && !t.unit.moved && !t.unit.attacked);
      if (unit) {
        await clickTile(page, unit.pos.x, unit.pos.y);
        if (!size.phone) {
          const c = await tileCenter(page, unit.pos.x, unit.pos.y);
          await page.mouse.move(c.x, c.y);
        }
      }
      await expect(page.getByTestId(size.phone ? 'players-dock' : 'players-panel')).toBeVisible();
      await shot(page, size.name, 'game-mid');
      if (size.phone) {
        await page.getByRole('button', { name: 'Players', exact: true }).click();
        await expect(page.getByTestId('players-panel')).toBeVisible();
        await shot(page, size.name, 'game-players-sheet');
      }
    });
  });
}

test('a whole game lost, at desktop size', async ({ page }) => {
  await skipTutorial(page);
  await page.goto('/lobby?start=1&w=5&h=5&seed=11&bots=1&difficulty=hard&speed=instant');
  for (let i = 0; i < 80; i++) {
    if ((await waitForTurnOrEnd(page)) === 'end') break;
    await passTurn(page);
  }
  await expect(page.getByTestId('player-status')).toBeVisible();
  await shot(page, 'desktop', '14-player-status');
});
