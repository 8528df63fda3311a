/**
 * Obvious feedback on the board (issue 9; ARCHITECTURE §7.10: distinct, obvious highlights): the selected
 * unit, its moves and its targets are drawn apart, each target carries the engine's odds of winning,
 * the keyboard cursor is not the mouse's hover, a raised unit reads "new — acts next turn", a long
 * press on a touch screen shows the tile instead of clicking it, and the fight card names one fight.
 */
import {
  attackWinChance,
  moveableTiles,
  parseGame,
  warModifier,
  type GameData,
  type PlayableCountry,
} from '@four-banners/engine';
import { expect, test, type Page } from '@playwright/test';
import {
  active,
  clickTile,
  passTurn,
  playTurn,
  readGame,
  skipTutorial,
  tileCenter,
  waitForTurnOrEnd,
  type SerializedGame,
} from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

const engineGame = async (page: Page): Promise<GameData> => {
  const r = parseGame(await readGame(page));
  if (!r.ok) throw new Error('the page gave an unreadable game');
  return r.value;
};
const near = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) === 1;

/** Plays turns (no attacks) until one of our ready units stands next to an enemy unit; returns both. */
async function untilNextToEnemy(page: Page) {
  for (let i = 0; i < 25; i++) {
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    const g: SerializedGame = await readGame(page);
    const me = (await active(page))!;
    const mine = g.tiles.find(
      (t) =>
        t.unit?.id === me && !t.unit.attacked && g.tiles.some((o) => o.unit && o.unit.id !== me && near(o.pos, t.pos)),
    );
    if (mine) return { me: me as PlayableCountry, from: mine.pos };
    await playTurn(page, { attack: false });
    await passTurn(page);
  }
  throw new Error('no unit came next to an enemy');
}

test("selection, moves and targets are distinct; targets show the engine's odds; the fight card names one fight", async ({
  page,
}) => {
  await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
  const { me, from } = await untilNextToEnemy(page);
  await clickTile(page, from.x, from.y);
  await expect(page.locator('.fb-selected')).toHaveCount(1);

  const game = await engineGame(page);
  const reach = moveableTiles(game, from, me);
  const targets = reach.filter((p) => game.tiles[p.x + p.y * game.width]!.unit);
  await expect(page.locator('.fb-move')).toHaveCount(reach.length - targets.length);
  await expect(page.locator('.fb-attack')).toHaveCount(targets.length);
  for (const t of targets) {
    // The odds drawn on the target: P(attack die − defence die + war > 0) over the 36 rolls (a tie loses).
    const war = warModifier(game, from, t);
    let wins = 0;
    for (let a = 1; a <= 6; a++) for (let d = 1; d <= 6; d++) if (a - d + war > 0) wins++;
    const percent = Math.round((wins / 36) * 100);
    expect(percent).toBe(Math.round(attackWinChance(war) * 100));
    const mark = page.locator(`.fb-attack[data-x="${t.x}"][data-y="${t.y}"]`);
    await expect(mark).toHaveAttribute('data-odds', String(percent));
    await expect(mark.locator('text')).toHaveText(`${percent}%`);
  }

  // Hovering a target names the odds in the tile panel too.
  const target = targets[0]!;
  const c = await tileCenter(page, target.x, target.y);
  await page.mouse.move(c.x, c.y);
  await expect(page.locator('.fb-hover')).toHaveCount(1);
  await expect(page.getByTestId('attack-odds')).toContainText(
    `${Math.round(attackWinChance(warModifier(game, from, target)) * 100)}% to win`,
  );

  // One fight's result never uses the words of winning the game.
  await page.mouse.click(c.x, c.y);
  const card = page.getByTestId('fight-card');
  await expect(card).toBeVisible();
  await expect(card.locator('.fb-fight-outcome')).toHaveText(/^(Green|Purple|Red|Yellow) (won|held)$/);
});

test('the keyboard cursor is drawn apart from the mouse hover', async ({ page }) => {
  await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=instant');
  expect(await waitForTurnOrEnd(page)).toBe('turn');
  // The first arrow shows the cursor (pressed again if it came before the game screen listened).
  await expect(async () => {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('board-cursor')).toHaveCount(1, { timeout: 500 });
  }).toPass();
  await expect(page.locator('.fb-hover')).toHaveCount(0);
  const at = {
    x: Number(await page.getByTestId('board-cursor').getAttribute('data-x')),
    y: Number(await page.getByTestId('board-cursor').getAttribute('data-y')),
  };
  // The mouse over the same tile turns it into a plain hover.
  const c = await tileCenter(page, at.x, at.y);
  await page.mouse.move(c.x, c.y);
  await expect(page.locator('.fb-hover')).toHaveCount(1);
  await expect(page.getByTestId('board-cursor')).toHaveCount(0);
  // A key takes it back as the cursor.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('board-cursor')).toHaveAttribute('data-x', String(at.x - 1));
  await expect(page.locator('.fb-hover')).toHaveCount(0);
});

test('a raised unit reads "new — acts next turn", with its own badge', async ({ page }) => {
  await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=instant');
  expect(await waitForTurnOrEnd(page)).toBe('turn');
  const spot = page.locator('.fb-banner-spot rect').first();
  const t = {
    x: Math.floor(Number(await spot.getAttribute('x')) / 64),
    y: Math.floor(Number(await spot.getAttribute('y')) / 64),
  };
  await clickTile(page, t.x, t.y);
  await expect
    .poll(async () => (await readGame(page)).tiles.find((x) => x.pos.x === t.x && x.pos.y === t.y)?.unit?.id)
    .toBe(0);
  const c = await tileCenter(page, t.x, t.y);
  await page.mouse.move(c.x, c.y);
  await expect(page.getByTestId('tile-info')).toContainText('Green unit · new — acts next turn');
  await expect(page.getByTestId('tile-info')).not.toContainText('attacked');
  // The board painted that tile with the unit's "new" badge (what the canvas board says it drew).
  const g = await readGame(page);
  await expect
    .poll(() => page.evaluate((i) => window.fourBanners?.board()?.painted?.[i] ?? null, t.x + t.y * g.w))
    .toMatchObject({ unit: 'unit-0', state: 'new', landmark: 'banner-0' });
});

test.describe('touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a long press shows the tile and does not click it; a tap still does', async ({ page }) => {
    await page.goto('/lobby?start=1&w=8&h=8&seed=21&bots=1&speed=instant');
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    const spot = page.locator('.fb-banner-spot rect').first();
    const t = {
      x: Math.floor(Number(await spot.getAttribute('x')) / 64),
      y: Math.floor(Number(await spot.getAttribute('y')) / 64),
    };
    const banners = async () => (await readGame(page)).countries[0]!.banners;
    const start = await banners();
    const c = await tileCenter(page, t.x, t.y);
    const press = (kind: 'down' | 'up', id: number) =>
      page.evaluate(
        ({ kind, id, x, y }) =>
          document.querySelector('[data-testid="board"]')!.dispatchEvent(
            new PointerEvent(`pointer${kind}`, {
              bubbles: true,
              pointerId: id,
              pointerType: 'touch',
              isPrimary: true,
              clientX: x,
              clientY: y,
              buttons: kind === 'up' ? 0 : 1,
            }),
          ),
        { kind, id, x: c.x, y: c.y },
      );
    await press('down', 1);
    await expect(page.getByTestId('tile-info')).toContainText(`(${t.x}, ${t.y})`);
    await press('up', 1);
    await page.waitForTimeout(150);
    expect(await banners()).toBe(start);
    await expect(page.getByTestId('tile-info')).toBeVisible();
    // A quick tap puts the panel away and places the banner (ARCHITECTURE §7.2: a press that did not move is a click).
    await press('down', 2);
    await press('up', 2);
    await expect.poll(banners).toBe(start - 1);
    await expect(page.getByTestId('tile-info')).toHaveCount(0);
  });
});
