/**
 * Territory is told apart without colour (issue 9 "Readable by everyone", ARCHITECTURE §7.10): a mid-game
 * board of four countries under each emulated vision deficiency. Every country's land is filled with
 * its own pattern (emblem and hatch), so the four differ in shape, not only in hue. Screenshots go to
 * test-results/screenshots/cb-<deficiency>.png for people to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { passTurn, playTurn, readGame, skipTutorial, waitForTurnOrEnd, type SerializedGame } from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const DEFICIENCIES = ['deuteranopia', 'protanopia', 'tritanopia', 'achromatopsia'] as const;
const KIND = ['nomad', 'settled'] as const;

test.use({ viewport: { width: 1366, height: 820 } });
test.beforeEach(async ({ page }) => skipTutorial(page));

/** Plays and passes turns until all four countries hold land of both kinds (or turns run out). */
async function midGame(page: Page): Promise<SerializedGame> {
  await page.goto('/lobby?start=1&w=10&h=10&seed=42&bots=3&speed=instant');
  let g = await readGame(page);
  const spread = (game: SerializedGame) =>
    [0, 1, 2, 3].every((c) => KIND.every((_, type) => game.tiles.some((t) => t.owner === c && t.type === type)));
  for (let turn = 0; turn < 12 && !(turn >= 4 && spread(g)); turn++) {
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    await playTurn(page, { attack: false });
    await passTurn(page);
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    g = await readGame(page);
  }
  return g;
}

/** The pattern id each tile of the DOM names, row-major. */
const tilePatterns = (page: Page) =>
  page.locator('.fb-board-svg .fb-tiles > g').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-pattern')));

/** The shape of a <pattern>: its markup with every colour and opacity taken out. */
const patternShape = (page: Page, id: string) =>
  page.locator(`.fb-board-svg pattern#${id}`).evaluate((p) =>
    p.innerHTML
      .replace(/#[0-9a-f]{3,8}/gi, 'C')
      .replace(/(fill|stroke)-opacity="[^"]*"/g, '')
      .replace(/ id="[^"]*"/, ''),
  );

test("the four countries' land differs in a non-colour channel under every vision deficiency", async ({ page }) => {
  const g = await midGame(page);
  const owners = new Set(g.tiles.filter((t) => t.owner >= 0).map((t) => t.owner));
  expect([...owners].sort()).toEqual([0, 1, 2, 3]);

  const cdp = await page.context().newCDPSession(page);
  for (const type of DEFICIENCIES) {
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
    // Each tile names its country's pattern for its kind; no two countries share one.
    const patterns = await tilePatterns(page);
    const byCountry = new Map<number, Set<string>>();
    g.tiles.forEach((t, i) => {
      if (t.owner < 0) return expect(patterns[i]).toBeNull();
      expect(patterns[i]).toBe(`fb-land-${t.owner}-${KIND[t.type]}`);
      byCountry.set(t.owner, (byCountry.get(t.owner) ?? new Set()).add(patterns[i]!));
    });
    const all = [...byCountry.values()].flatMap((s) => [...s]);
    expect(new Set(all).size).toBe(all.length);
    // With colour taken out, the four countries' patterns still differ in shape, on both kinds of land.
    for (const kind of KIND) {
      const shapes = await Promise.all([0, 1, 2, 3].map((c) => patternShape(page, `fb-land-${c}-${kind}`)));
      expect(new Set(shapes).size).toBe(4);
    }
    await page.mouse.move(5, 5); // no hover outline in the picture
    await page.screenshot({ path: `${OUT}cb-${type}.png` });
  }
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
});
