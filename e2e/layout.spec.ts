/**
 * The game screen's layout (issue 9 "Layout"; ARCHITECTURE §7.1: /game is full screen, the map and the game being played) at
 * 1366×768, 1920×1080, 390×844 and 360×640, on a mid-game offline board (a square 10×10 map and a wide
 * 16×9 one), with the real server and app in Chromium:
 * - the board stage takes all the room the header, the notices above it ("Since your turn", phones) and
 *   the players leave, and the fitted map fills it:
 *   the map's box covers at least 80% of the *free area*, defined as the largest box with the map's
 *   aspect ratio that fits inside the board stage (the most any fit could show);
 * - nothing scrolls sideways, and the header is never cut: every control inside the window, no text
 *   clipped (no element whose content is wider than its box); Pass turn is on screen;
 * - the players (a landmark named "Players": each country's land, units and banners as the game has
 *   them) stand beside the board on wide screens; on phones a "Players" button opens and closes them as a
 *   sheet that leaves the header's Pass turn uncovered;
 * - the board fits again on a resize until the player zooms; "Fit the map" brings the whole map back; a
 *   map too big to play whole on a phone (16×9) opens zoomed in, covering the stage (ARCHITECTURE §7.11).
 * The replay viewer of the same game, at 360×640, does not scroll sideways either and fits its board.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { passTurn, playTurn, readGame, skipTutorial, waitForTurnOrEnd } from './helpers';

const SIZES = [
  { name: 'laptop', viewport: { width: 1366, height: 768 }, phone: false },
  { name: 'desktop', viewport: { width: 1920, height: 1080 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
  { name: 'small phone', viewport: { width: 360, height: 640 }, phone: true },
] as const;

const MAPS = [
  { w: 10, h: 10, seed: 5 },
  { w: 16, h: 9, seed: 7 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Starts an offline game against three bots on a `w`×`h` map and plays two rounds of it. */
async function midGame(page: Page, map: { w: number; h: number; seed: number }): Promise<void> {
  await page.goto(`/lobby?start=1&w=${map.w}&h=${map.h}&seed=${map.seed}&bots=3&speed=instant`);
  await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
  for (let round = 0; round < 2; round++) {
    await playTurn(page, { attack: false });
    await passTurn(page);
    expect(await waitForTurnOrEnd(page)).toBe('turn');
  }
  // The turn notice and a move's slide are over; the board is at rest.
  await expect(page.getByTestId('handoff')).toHaveCount(0, { timeout: 5000 });
}

/** The map's box against the free area: the largest box of the map's aspect ratio inside the stage. */
async function boardFill(page: Page, stage: Locator): Promise<{ fill: number; map: Box; area: Box }> {
  const g = await readGame(page);
  const area = await box(stage);
  const map = await box(page.locator('.fb-board-content'));
  const aspect = g.w / g.h;
  const freeW = Math.min(area.width, area.height * aspect);
  const freeH = freeW / aspect;
  return { fill: (map.width * map.height) / (freeW * freeH), map, area };
}

/** Whether the board shows the whole map (it opens zoomed in when the whole map's tiles would be too small to play). */
async function mapOpenedWhole(page: Page): Promise<boolean> {
  const g = await readGame(page);
  const p = (await page.evaluate(() => window.fourBanners?.board() ?? null))!;
  const size = 64 * p.view.s;
  return (
    p.view.x >= -0.5 &&
    p.view.y >= -0.5 &&
    p.view.x + g.w * size <= p.width + 0.5 &&
    p.view.y + g.h * size <= p.height + 0.5
  );
}

/** Elements of `root` whose content is wider than their box (clipped or spilling text). */
const clippedIn = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    return [...root.querySelectorAll<HTMLElement>('*')]
      .filter(
        (el) =>
          el instanceof HTMLElement &&
          el.clientWidth > 0 &&
          el.checkVisibility() &&
          el.scrollWidth > el.clientWidth + 1,
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} “${el.textContent?.slice(0, 40)}”`);
  }, selector);

const noSideScroll = (page: Page) =>
  page.evaluate(
    () => document.documentElement.scrollWidth <= window.innerWidth && document.body.scrollWidth <= window.innerWidth,
  );

/** `locator` lies wholly inside the window. */
async function inWindow(page: Page, locator: Locator, what: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const b = await box(locator);
  expect(b.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(b.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what} right edge`).toBeLessThanOrEqual(width + 0.5);
  expect(b.y + b.height, `${what} bottom edge`).toBeLessThanOrEqual(height + 0.5);
}

/** Nothing covers the middle of `locator` (it is what a tap there would reach). */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

/** The players panel's rows say what the game holds: per country its land, units and banners. */
async function panelMatchesGame(page: Page, panel: Locator): Promise<void> {
  const g = await readGame(page);
  for (const c of g.countries) {
    const land = g.tiles.filter((t) => t.owner === c.id).length;
    const units = g.tiles.filter((t) => t.unit?.id === c.id).length;
    const cells = panel.getByTestId(`players-row-${c.id}`).locator('td');
    await expect(cells).toHaveText([String(land), String(units), String(c.banners)]);
  }
}

test.beforeEach(async ({ page }) => skipTutorial(page));

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, ...(size.phone ? { isMobile: true, hasTouch: true } : {}) });

    for (const map of MAPS) {
      test(`a ${map.w}×${map.h} board fills the room the header and the players leave; the header is whole`, async ({
        page,
      }) => {
        await midGame(page, map);
        const { width: vw, height: vh } = page.viewportSize()!;
        const stage = page.getByTestId('game-stage');
        const header = await box(page.locator('header.fb-game-header'));

        // The stage takes the room left by the header and the players (beside it, or the notice tray and
        // the dock under it: ARCHITECTURE §7.11).
        const s = await box(stage);
        if (size.phone) {
          await expect(page.getByTestId('game-side')).toHaveCount(0);
          const dock = await box(page.getByTestId('players-dock'));
          const tray = await box(page.getByTestId('game-notices'));
          expect(tray.height).toBeLessThanOrEqual(0.15 * vh);
          expect(s.width).toBeGreaterThanOrEqual(0.9 * vw);
          expect(s.height).toBeGreaterThanOrEqual(0.9 * (vh - header.height - tray.height - dock.height));
        } else {
          const side = await box(page.getByTestId('game-side'));
          expect(s.width).toBeGreaterThanOrEqual(0.9 * (vw - side.width));
          expect(s.height).toBeGreaterThanOrEqual(0.9 * (vh - header.height));
        }

        const { fill, map: m, area } = await boardFill(page, stage);
        if (await mapOpenedWhole(page)) {
          // The fitted map fills the free area and lies inside the stage.
          expect(fill, `the map covers ${Math.round(fill * 100)}% of the free area`).toBeGreaterThanOrEqual(0.8);
          expect(m.x).toBeGreaterThanOrEqual(area.x - 0.5);
          expect(m.y).toBeGreaterThanOrEqual(area.y - 0.5);
          expect(m.x + m.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
          expect(m.y + m.height).toBeLessThanOrEqual(area.y + area.height + 0.5);
        } else {
          // Too small to play whole (16×9 on a phone): zoomed in, the map covers the stage across.
          expect(m.x).toBeLessThanOrEqual(area.x + 0.5);
          expect(m.x + m.width).toBeGreaterThanOrEqual(area.x + area.width - 0.5);
        }

        // Nothing scrolls sideways; the header is whole and Pass turn is on screen, free to press.
        expect(await noSideScroll(page)).toBe(true);
        const controls = page
          .locator('header.fb-game-header')
          .locator('button:visible, a:visible, [data-testid]:visible');
        expect(await controls.count()).toBeGreaterThanOrEqual(5);
        for (const control of await controls.all())
          await inWindow(
            page,
            control,
            (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? 'a control',
          );
        expect(await clippedIn(page, 'header.fb-game-header')).toEqual([]);
        await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
        await expect(page.getByTestId('whose-turn')).toContainText(/your move/i);
        await inWindow(page, page.getByTestId('pass-turn'), 'Pass turn');
        await expect(page.getByTestId('pass-turn')).toBeEnabled();
      });
    }

    if (!size.phone) {
      test('the players stand beside the board: land, units, banners, seats and whose turn', async ({ page }) => {
        await midGame(page, MAPS[0]);
        const players = page.getByRole('region', { name: 'Players' });
        await expect(players).toBeVisible();
        await inWindow(page, players, 'the players panel');
        const stage = await box(page.getByTestId('game-stage'));
        expect((await box(players)).x).toBeGreaterThanOrEqual(stage.x + stage.width - 0.5);
        await panelMatchesGame(page, players);
        await expect(players.getByTestId('players-row-0')).toContainText('Player');
        await expect(players.getByTestId('players-row-0')).toContainText('you');
        await expect(players.getByTestId('players-row-0')).toContainText('Your turn');
        await expect(players.getByTestId('players-row-1')).toContainText('Easy Bot');
        // The tile panel sits in the same column, never over the board.
        const g = await readGame(page);
        const content = await box(page.locator('.fb-board-content'));
        await page.mouse.move(content.x + content.width / (2 * g.w), content.y + content.height / (2 * g.h));
        const info = page.getByTestId('tile-info');
        await expect(info).toContainText('(0, 0)');
        expect((await box(info)).x).toBeGreaterThanOrEqual(stage.x + stage.width - 0.5);
      });

      test('the board fits again on a resize until the player zooms; "Fit the map" brings it back', async ({
        page,
      }) => {
        await midGame(page, MAPS[1]);
        const stage = page.getByTestId('game-stage');
        await page.setViewportSize({ width: 1920, height: 1080 });
        await expect.poll(async () => (await boardFill(page, stage)).fill).toBeGreaterThanOrEqual(0.8);
        // Down to the narrowest one-row header, the header stays whole (the turn strip gives way).
        for (const width of [1100, 960, 901]) {
          await page.setViewportSize({ width, height: 700 });
          await expect.poll(async () => (await boardFill(page, stage)).fill).toBeGreaterThanOrEqual(0.8);
          expect(await clippedIn(page, 'header.fb-game-header'), `at ${width} px`).toEqual([]);
          expect(await noSideScroll(page)).toBe(true);
          await inWindow(page, page.getByTestId('pass-turn'), 'Pass turn');
        }

        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.getByRole('button', { name: 'Zoom in' }).click();
        const zoomed = (await box(page.locator('.fb-board-content'))).width;
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.waitForTimeout(300);
        // The player's zoom stays: the map is as large as they left it.
        expect((await box(page.locator('.fb-board-content'))).width).toBeCloseTo(zoomed, 0);
        await page.getByRole('button', { name: 'Fit the map' }).click();
        await expect.poll(async () => (await boardFill(page, stage)).fill).toBeGreaterThanOrEqual(0.8);
        const { map: m, area } = await boardFill(page, stage);
        expect(m.x + m.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
      });
    } else {
      test('a "Players" button opens the players as a sheet and closes it; Pass turn stays uncovered', async ({
        page,
      }) => {
        await midGame(page, MAPS[0]);
        const toggle = page.getByRole('button', { name: 'Players', exact: true });
        const players = page.getByRole('region', { name: 'Players' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(players).toHaveCount(0);
        await inWindow(page, toggle, 'the Players button');

        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(players).toBeVisible();
        await panelMatchesGame(page, players);
        await expect(players.getByTestId('players-row-0')).toContainText('Your turn');
        const sheet = await box(page.getByTestId('players-sheet'));
        const header = await box(page.locator('header.fb-game-header'));
        expect(sheet.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
        expect(await uncovered(page.getByTestId('pass-turn'))).toBe(true);
        expect(await noSideScroll(page)).toBe(true);

        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(players).toHaveCount(0);
        // Escape closes it too (the focus on its button).
        await toggle.click();
        await expect(players).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(players).toHaveCount(0);
      });

      test('the wheel zooms in, and the dock\'s "Fit the map" shows the whole map', async ({ page }) => {
        await midGame(page, MAPS[1]);
        const stage = page.getByTestId('game-stage');
        const opened = (await box(page.locator('.fb-board-content'))).width;
        const s = await box(stage);
        await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
        await page.mouse.wheel(0, -400);
        await expect
          .poll(async () => (await box(page.locator('.fb-board-content'))).width)
          .toBeGreaterThan(opened * 1.3);
        await page.getByTestId('dock-zoom').getByRole('button', { name: 'Fit the map' }).click();
        await expect.poll(async () => (await boardFill(page, stage)).fill).toBeGreaterThanOrEqual(0.8);
        const { map: m, area } = await boardFill(page, stage);
        expect(m.x).toBeGreaterThanOrEqual(area.x - 0.5);
        expect(m.x + m.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
      });
    }
  });
}

test.describe('the replay viewer at 360×640', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('the replay of the game in progress does not scroll sideways and fits its board', async ({ page }) => {
    await midGame(page, MAPS[0]);
    await page.goto('/replay/local/current');
    await expect(page.getByTestId('replay')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await noSideScroll(page)).toBe(true);
    const { fill } = await boardFill(page, page.locator('.fb-rv-main > .fb-game-stage'));
    expect(fill).toBeGreaterThanOrEqual(0.8);
    await page.getByTestId('replay-side-toggle').click();
    await expect(page.getByRole('region', { name: 'Players' })).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
  });
});
