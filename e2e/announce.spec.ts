/**
 * The game screen speaks to screen readers (issue 9 "Accessibility"): a visually hidden polite live
 * region says which unit is selected and what it may do, when the selection is cleared, and each
 * fight's result once the fight card shows it, in the replay caption's words.
 */
import { moveableTiles, parseGame, type GameData, type PlayableCountry, type Pos } from '@four-banners/engine';
import { expect, test, type Page } from '@playwright/test';
import { active, clickTile, passTurn, playTurn, readGame, selectTile, skipTutorial, waitForTurnOrEnd } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

const NAMES = ['Green', 'Purple', 'Red', 'Yellow'] as const;
const near = (a: Pos, b: Pos) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) === 1;

async function engineGame(page: Page): Promise<GameData> {
  const r = parseGame(await readGame(page));
  if (!r.ok) throw new Error('the page gave an unreadable game');
  return r.value;
}

/** Plays turns (no attacks) until one of our ready units may attack a neighbour. */
async function untilNextToEnemy(page: Page): Promise<{ me: PlayableCountry; from: Pos; target: Pos }> {
  for (let i = 0; i < 25; i++) {
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    const game = await engineGame(page);
    const me = (await active(page)) as PlayableCountry;
    for (const t of game.tiles) {
      if (t.unit?.id !== me || t.unit.attacked) continue;
      const target = moveableTiles(game, t.pos, me).find(
        (p) => near(p, t.pos) && game.tiles[p.x + p.y * game.width]!.unit,
      );
      if (target) return { me, from: t.pos, target };
    }
    await playTurn(page, { attack: false });
    await passTurn(page);
  }
  throw new Error('no unit came next to an enemy');
}

test("the live region names the selected unit and its moves, the cleared selection and the fight's result", async ({
  page,
}) => {
  await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
  const region = page.getByTestId('announcer');
  // A polite live region, there for screen readers and not on the screen.
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveAttribute('role', 'status');
  const box = await region.boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);

  const { me, from, target } = await untilNextToEnemy(page);
  const game = await engineGame(page);
  const reach = moveableTiles(game, from, me);
  const attacks = reach.filter((p) => game.tiles[p.x + p.y * game.width]!.unit).length;
  const moves = reach.length - attacks;
  const count = (n: number, one: string, many: string) =>
    n === 0 ? `no ${many}` : n === 1 ? `1 ${one}` : `${n} ${many}`;

  await selectTile(page, from);
  await expect(region).toHaveText(
    `Selected ${NAMES[me]} unit at (${from.x}, ${from.y}): ${count(moves, 'move', 'moves')}, ${count(attacks, 'attack target', 'attack targets')}`,
  );
  await page.keyboard.press('Escape');
  await expect(region).toHaveText('Selection cleared');

  // Selected again and attacking: once the card shows the result, the region says the same.
  await selectTile(page, from);
  await expect(region).toHaveText(/^Selected /);
  await clickTile(page, target.x, target.y);
  const card = page.getByTestId('fight-card');
  await expect(card).toHaveAttribute('data-phase', 'result');
  // The card's sentence, "Green attacked Red: 1 + 2.5 vs 2 — Green won", with the tiles in it.
  const sentence = (await card.getAttribute('data-sentence'))!;
  const defender = NAMES[game.tiles[target.x + target.y * game.width]!.unit!.id];
  expect(sentence).toMatch(
    new RegExp(`^${NAMES[me]} attacked ${defender}: \\d( \\+ [\\d.]+)? vs \\d( \\+ [\\d.]+)? — \\w+ (won|held)$`),
  );
  await expect(region).toHaveText(
    sentence.replace(': ', ` at (${target.x}, ${target.y}) from (${from.x}, ${from.y}): `),
  );
});
