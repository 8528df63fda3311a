/**
 * Territory is told apart without colour (ARCHITECTURE §7.10): a mid-game board of four countries under
 * each emulated vision deficiency. The canvas board paints every country's land with its own pattern
 * (emblem and hatch), and green and red land — the pair deuteranopia and protanopia confuse — differ in
 * lightness as well, measured on the rendered pixels. Screenshots go to
 * test-results/screenshots/cb-<deficiency>.png for people to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { deltaE2000, meanColours, meanOf, toLab, type Rect } from './colour';
import { passTurn, playTurn, readGame, skipTutorial, waitForTurnOrEnd, type SerializedGame } from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const DEFICIENCIES = ['deuteranopia', 'protanopia', 'tritanopia', 'achromatopsia'] as const;
const KIND = ['nomad', 'settled'] as const;
/** The least CIEDE2000 difference between green and red land of one kind under deuteranopia and protanopia. */
const LEAST_GREEN_RED_DIFFERENCE = 12;

test.use({ viewport: { width: 1366, height: 820 } });
test.beforeEach(async ({ page }) => skipTutorial(page));

/** Plays and passes turns until all four countries hold land of both kinds (or turns run out). */
async function midGame(page: Page): Promise<SerializedGame> {
  await page.goto('/lobby?start=1&w=10&h=10&seed=42&bots=3&speed=instant');
  // The app starts after the page's first frame (ARCHITECTURE §7.12): the game is there at the first turn.
  expect(await waitForTurnOrEnd(page)).toBe('turn');
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

/** The inner part of each bare tile (no unit, no landmark) in view, by owner and kind, in page CSS px. */
async function bareTiles(page: Page, g: SerializedGame): Promise<Map<string, Rect[]>> {
  const probe = (await page.evaluate(() => window.fourBanners?.board() ?? null))!;
  const box = (await page.getByTestId('board').boundingBox())!;
  const size = 64 * probe.view.s;
  const out = new Map<string, Rect[]>();
  g.tiles.forEach((t, i) => {
    if (t.owner < 0 || t.unit || t.landmark >= 0 || !probe.painted?.[i]) return;
    const x = box.x + probe.view.x + t.pos.x * size;
    const y = box.y + probe.view.y + t.pos.y * size;
    if (x < box.x || y < box.y || x + size > box.x + box.width || y + size > box.y + box.height) return;
    const key = `${t.owner}-${KIND[t.type]}`;
    out.set(key, [...(out.get(key) ?? []), { x: x + size * 0.15, y: y + size * 0.15, w: size * 0.7, h: size * 0.7 }]);
  });
  return out;
}

test('green and red land differ in more than hue under deuteranopia and protanopia, on the rendered pixels', async ({
  page,
}) => {
  const g = await midGame(page);
  expect(await page.evaluate(() => window.fourBanners?.board()?.renderer)).toBe('canvas');
  await page.mouse.move(5, 5); // no hover outline in the picture
  const tiles = await bareTiles(page, g);
  for (const kind of KIND) {
    expect(tiles.get(`0-${kind}`)?.length ?? 0, `green ${kind} tiles in view`).toBeGreaterThan(0);
    expect(tiles.get(`2-${kind}`)?.length ?? 0, `red ${kind} tiles in view`).toBeGreaterThan(0);
  }
  const cdp = await page.context().newCDPSession(page);
  const report: string[] = [];
  for (const type of ['none', ...DEFICIENCIES] as const) {
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
    const png = await page.screenshot({ path: type === 'none' ? undefined : `${OUT}cb-${type}.png` });
    for (const kind of KIND) {
      const [green, red] = await Promise.all(
        [0, 2].map(async (c) => meanOf(await meanColours(page, png, tiles.get(`${c}-${kind}`)!))),
      );
      const difference = deltaE2000(green!, red!);
      const lightness = Math.abs(toLab(green!)[0] - toLab(red!)[0]);
      report.push(`${type} ${kind}: ΔE2000 ${difference.toFixed(1)}, ΔL* ${lightness.toFixed(1)}`);
      if (type === 'deuteranopia' || type === 'protanopia') {
        expect(difference, `${type}, ${kind} land: green against red`).toBeGreaterThanOrEqual(
          LEAST_GREEN_RED_DIFFERENCE,
        );
      }
    }
  }
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
  test.info().annotations.push({ type: 'green vs red', description: report.join('; ') });
  console.log(report.join('\n'));
});
