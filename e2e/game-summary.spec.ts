/**
 * The game-over summary (issue 9, ARCHITECTURE §7.3 player status): when the game ends, the player-status
 * dialog keeps its words and buttons and shows the turns played, a chart of land and units over the
 * game, and the fights won and lost. Its numbers are checked against the engine's own fold of the
 * game's log, offline (the autosaved log) and online (the server's log, which the client fetches when
 * it joined after the lobby was made). Screenshots at desktop and phone sizes go to
 * test-results/screenshots/game-summary-*.png.
 */
import { applyEvent, indexOf, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DESKTOP,
  PHONE,
  autosavedLog,
  newPerson,
  passTurn,
  playPassingGameToEnd,
  playTurn,
  startHostVsHardBot,
  waitForTurnOrEnd,
} from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** The final turn count of `events` and each country's fights won and lost, folded here by the engine. */
function foldedResult(events: readonly LobbyEvent[]): { turns: number; won: number[]; lost: number[] } {
  const won = [0, 0, 0, 0];
  const lost = [0, 0, 0, 0];
  let state: LobbyState | null = null;
  for (const event of events) {
    const next = applyEvent(state, event);
    if (!next.ok) throw new Error(next.error.message);
    if (state && event.kind === 'game-action' && event.payload.id === 'move_unit') {
      const { country, to } = event.payload.info;
      const at = indexOf(state.game, to.x, to.y);
      const defender = state.game.tiles[at]!.unit?.id;
      // A move onto another country's unit is a fight; the attacker won if its unit stands there after.
      if (defender !== undefined && defender !== country) {
        const attackerWon = next.value.game.tiles[at]!.unit?.id === country;
        won[attackerWon ? country : defender]!++;
        lost[attackerWon ? defender : country]!++;
      }
    }
    state = next.value;
  }
  return { turns: state!.game.turn.count, won, lost };
}

/** The autosaved log of the offline game, once it holds `length` events. */
async function autosavedLogOf(page: Page, length: number): Promise<LobbyEvent[]> {
  await expect.poll(async () => (await autosavedLog(page))?.length ?? 0, { timeout: 15_000 }).toBe(length);
  return (await autosavedLog(page))!;
}

/** The dialog's words and buttons (ARCHITECTURE §7.3), with the ways on beside them. */
async function expectSpecDialog(status: Locator): Promise<void> {
  await expect(status.getByTestId('player-status')).toHaveText(/^You (win|lost)$/);
  await expect(
    status.getByText(/^(Every enemy is gone\. The map is yours\.|Your country is gone from the map\.)$/),
  ).toBeVisible();
  for (const name of ['Stay', 'Leave lobby', 'Watch replay'])
    await expect(status.getByRole('button', { name })).toBeVisible();
}

/** The summary shows `result` for `country` (this device's): turns, the chart, and every country's fights. */
async function expectSummary(status: Locator, result: ReturnType<typeof foldedResult>, country: number): Promise<void> {
  const summary = status.getByTestId('game-summary');
  await expect(summary.getByTestId('summary-turns')).toHaveText(String(result.turns));
  await expect(summary.getByTestId('summary-fights-won')).toHaveText(String(result.won[country]));
  await expect(summary.getByTestId('summary-fights-lost')).toHaveText(String(result.lost[country]));
  await expect(summary.getByRole('img', { name: 'Land per country over the turns' })).toBeVisible();
  expect(await summary.locator('polyline').count()).toBeGreaterThanOrEqual(2);
  const rows = summary.getByTestId('summary-country');
  for (const row of await rows.all()) {
    const c = Number(await row.getAttribute('data-country'));
    await expect(row.locator('td')).toHaveText([String(result.won[c]), String(result.lost[c])]);
  }
  await expect(summary.locator('[data-mine]')).toHaveAttribute('data-country', String(country));
  // The chart switches to units.
  await summary.getByTestId('replay-chart-metric').getByText('Units').click();
  await expect(summary.getByRole('img', { name: 'Units per country over the turns' })).toBeVisible();
  await summary.getByTestId('replay-chart-metric').getByText('Land').click();
}

/** The dialog fits the window's width (no horizontal scroll) and its buttons are on screen or reachable in it. */
async function expectFits(page: Page, status: Locator): Promise<void> {
  const content = status.locator('.mantine-Modal-content');
  const box = (await content.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await status.getByRole('button', { name: 'Leave lobby' }).scrollIntoViewIfNeeded();
  await expect(status.getByRole('button', { name: 'Leave lobby' })).toBeInViewport();
}

test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

test('offline: the game-over dialog sums up the game — turns, land and units over time, fights won and lost', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await newPerson(browser, 'Ana');
  await page.addInitScript(() => localStorage.setItem('bot-speed', 'instant'));
  await page.goto('/lobby?start=1&w=5&h=5&seed=11&bots=1&difficulty=hard&speed=instant');
  await expect(page).toHaveURL(/\/game/);
  // The person plays like one (a banner, attacks on every enemy next to a unit, steps toward the enemy)
  // until the game ends: a game with fights on both sides.
  let attacks = 0;
  for (let i = 0; ; i++) {
    expect(i, 'the game ends').toBeLessThan(80);
    if ((await waitForTurnOrEnd(page)) === 'end') break;
    attacks += (await playTurn(page)).attacks;
    if (await page.getByTestId('player-status').isVisible()) break;
    await passTurn(page);
  }
  const length = await page.evaluate(() => window.fourBanners!.logLength());
  const result = foldedResult(await autosavedLogOf(page, length));
  // Bots' seeds are drawn offline, so each run is another game; when the person never got to attack,
  // the numbers are still checked against the fold (the unit tests cover games full of fights).
  expect(result.won[0]! + result.lost[0]!).toBeGreaterThanOrEqual(attacks);
  test.info().annotations.push({
    type: 'fights',
    description: `person attacked ${attacks}×; fights won ${result.won.join('/')}, lost ${result.lost.join('/')}`,
  });

  const status = page.getByTestId('modal-player-status');
  await expectSpecDialog(status);
  await expect(status.getByRole('button', { name: 'Rematch' })).toBeVisible();
  await expectSummary(status, result, 0);
  await expectFits(page, status);
  await page.screenshot({ path: `${OUT}game-summary-desktop.png` });

  for (const [name, size] of [
    ['phone', PHONE],
    ['small-phone', { width: 360, height: 640 }],
  ] as const) {
    await page.setViewportSize(size);
    await expectFits(page, status);
    await status.getByTestId('game-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}game-summary-${name}.png` });
  }
  await page.setViewportSize(DESKTOP);

  // Stay keeps the finished game on screen; the summary's chart is not a control of it.
  await status.getByRole('button', { name: 'Stay' }).click();
  await expect(status).toBeHidden();
  await expect(page).toHaveURL(/\/game/);
});

test("online: the summary comes from the server's log of the lobby", async ({ browser }) => {
  test.setTimeout(150_000);
  const { host, lobbyId } = await startHostVsHardBot(browser);
  await playPassingGameToEnd(host, lobbyId);
  const status = host.getByTestId('modal-player-status');
  await expectSpecDialog(status);

  const events: LobbyEvent[] = [];
  for (let from = 1; ; ) {
    const page = await (await host.request.get(`/api/games/${lobbyId}/events?from=${from}&to=${from + 999}`)).json();
    events.push(...page.events);
    if (events.at(-1)!.seq >= page.lastSeq) break;
    from = events.at(-1)!.seq + 1;
  }
  const result = foldedResult(events);
  await expectSummary(status, result, 0);
  await host.screenshot({ path: `${OUT}game-summary-online.png` });
});
