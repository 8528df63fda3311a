/**
 * Big maps on any screen (ARCHITECTURE §7.11), at 1366×768 and on a 390×844 touch phone, on 10×10, 24×24
 * and 32×32 maps: the board opens at a playable scale (the whole map when its tiles are at least 32 CSS
 * px that way on a phone, 28 with a mouse; else zoomed in to 40 or 32 px tiles) on the player's own land, with no empty band beside a map larger than the screen; the
 * canvas paints what the game holds; the zoom buttons work on both; and no notice is ever drawn over the
 * board.
 */
import { expect, test, type Page } from '@playwright/test';
import { passTurn, playTurn, readGame, skipTutorial, waitForTurnOrEnd, type SerializedGame } from './helpers';

const SCREENS = [
  { name: 'laptop', use: { viewport: { width: 1366, height: 768 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;
const SIDES = [10, 24, 32] as const;
const LAND = ['nomad', 'settled'] as const;
/** Everything that tells the player something during play, by test id. */
const NOTICES = ['handoff', 'bot-bar', 'tile-info', 'fight-card', 'away-notice']
  .map((id) => `[data-testid="${id}"]`)
  .join(', ');

type Probe = NonNullable<ReturnType<NonNullable<Window['fourBanners']>['board']>>;
const probe = async (page: Page): Promise<Probe> => (await page.evaluate(() => window.fourBanners?.board() ?? null))!;

/** The tiles wholly or partly in the board's viewport. */
function inView(p: Probe, g: SerializedGame) {
  const size = 64 * p.view.s;
  return g.tiles.filter((t) => {
    const x = p.view.x + t.pos.x * size;
    const y = p.view.y + t.pos.y * size;
    return x + size > 0 && y + size > 0 && x < p.width && y < p.height;
  });
}

async function startGame(page: Page, side: number): Promise<SerializedGame> {
  await page.goto(`/lobby?start=1&w=${side}&h=${side}&seed=7&bots=3&speed=instant`);
  expect(await waitForTurnOrEnd(page)).toBe('turn');
  await expect(page.getByTestId('board')).toHaveAttribute('data-ready', '');
  return readGame(page);
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use(screen.use);
    test.beforeEach(async ({ page }) => skipTutorial(page));

    for (const side of SIDES) {
      test(`a ${side}×${side} map opens at a playable scale on the player's land, painted as the game holds it`, async ({
        page,
      }) => {
        const g = await startGame(page, side);
        const p = await probe(page);
        expect(p.renderer).toBe('canvas');
        const tile = 64 * p.view.s;
        const mapW = side * tile;
        const mapH = side * tile;
        const whole =
          p.view.x >= -0.5 && p.view.y >= -0.5 && p.view.x + mapW <= p.width + 0.5 && p.view.y + mapH <= p.height + 0.5;
        if (!whole) {
          // Zoomed in: tiles a finger can hit (40 px on a touch screen, 32 with a mouse) ...
          expect(tile).toBeGreaterThanOrEqual(screen.name === 'phone' ? 40 - 0.01 : 32 - 0.01);
          // ... the map covering the board where it is larger (no dead band beside it) ...
          if (mapW >= p.width) expect(p.view.x <= 0.5 && p.view.x + mapW >= p.width - 0.5).toBe(true);
          if (mapH >= p.height) expect(p.view.y <= 0.5 && p.view.y + mapH >= p.height - 0.5).toBe(true);
          // ... and centred on the player's own land (green: this device's country; no units yet at the
          // start) as far as the map's edges allow: on each axis the view's centre is within a tile or two of
          // the middle of that land, or the map's edge is at the board's edge.
          const own = g.tiles.filter((t) => t.owner === 0);
          const middle = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]! + 0.5;
          const centre = { x: (p.width / 2 - p.view.x) / tile, y: (p.height / 2 - p.view.y) / tile };
          const atEdge = {
            x: p.view.x >= -0.5 || p.view.x + mapW <= p.width + 0.5,
            y: p.view.y >= -0.5 || p.view.y + mapH <= p.height + 0.5,
          };
          for (const axis of ['x', 'y'] as const) {
            const off = Math.abs(centre[axis] - middle(own.map((t) => t.pos[axis])));
            expect(off <= 2 || atEdge[axis], `${axis}: ${off.toFixed(1)} tiles off the player's land`).toBe(true);
          }
          expect(inView(p, g).filter((t) => t.owner === 0).length).toBeGreaterThan(own.length / 3);
        } else {
          expect(tile).toBeGreaterThanOrEqual(screen.name === 'phone' ? 32 : 28);
        }
        // The canvas painted every tile in view as the game holds it (owner, kind of land, banner, unit).
        for (const t of inView(p, g)) {
          const painted = p.painted![t.pos.x + t.pos.y * g.w];
          expect(painted, `tile (${t.pos.x}, ${t.pos.y})`).toMatchObject({
            owner: t.owner,
            land: LAND[t.type],
            unit: t.unit ? `unit-${t.unit.id}` : null,
          });
          if (t.landmark === 0) expect(painted!.landmark).toBe(`banner-${Math.max(0, t.owner)}`);
        }
      });
    }

    test('the zoom buttons zoom in and out, and "Fit the map" shows the whole 32×32 map', async ({ page }) => {
      await startGame(page, 32);
      const scale = async () => (await probe(page)).view.s;
      const button = (name: string) => page.getByRole('button', { name }).filter({ visible: true }).first();
      const opened = await scale();
      await button('Zoom in').click();
      await expect.poll(scale).toBeGreaterThan(opened * 1.1);
      await button('Zoom out').click();
      await button('Zoom out').click();
      await expect.poll(scale).toBeLessThan(opened * 0.95);
      await button('Fit the map').click();
      await expect
        .poll(async () => {
          const p = await probe(page);
          return 32 * 64 * p.view.s <= Math.min(p.width, p.height) + 0.5;
        })
        .toBe(true);
    });

    test('no notice is drawn over the board: the turn notice, the bots’ bar, the tile panel', async ({ page }) => {
      await page.goto('/lobby?start=1&w=24&h=24&seed=7&bots=3&speed=fast');
      expect(await waitForTurnOrEnd(page)).toBe('turn');
      // Every frame, every notice on screen is measured against the board: what showed, and any overlap.
      await page.evaluate((selector) => {
        const seen = new Set<string>();
        const overlaps: string[] = [];
        (window as unknown as { __notices: { seen: Set<string>; overlaps: string[] } }).__notices = { seen, overlaps };
        const frame = () => {
          const board = document.querySelector('[data-testid="board"]')!.getBoundingClientRect();
          for (const el of document.querySelectorAll<HTMLElement>(selector)) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0 || !el.checkVisibility()) continue;
            const name = el.dataset.testid!;
            seen.add(name);
            if (r.left < board.right && board.left < r.right && r.top < board.bottom && board.top < r.bottom)
              overlaps.push(`${name} ${JSON.stringify(r)} over the board ${JSON.stringify(board)}`);
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }, NOTICES);
      const notices = () =>
        page.evaluate(() => {
          const n = (window as unknown as { __notices: { seen: Set<string>; overlaps: string[] } }).__notices;
          return { seen: [...n.seen].sort(), overlaps: n.overlaps.slice(0, 3) };
        });
      await playTurn(page, { attack: false });
      await passTurn(page);
      // The bots play a round, then the turn comes back with its notice; a key shows the tile panel.
      await expect.poll(async () => (await notices()).seen).toContain('bot-bar');
      expect(await waitForTurnOrEnd(page)).toBe('turn');
      await expect.poll(async () => (await notices()).seen).toContain('handoff');
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await notices()).seen).toContain('tile-info');
      expect((await notices()).overlaps).toEqual([]);
    });
  });
}
