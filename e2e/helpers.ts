/** Shared steps of the e2e tests: reading the game through `window.fourBanners`, clicking tiles, turns. */
import type { LobbyEvent } from '@four-banners/engine';
import { expect, type Browser, type Page } from '@playwright/test';

export interface SerializedTile {
  pos: { x: number; y: number };
  owner: number;
  type: number;
  landmark: number;
  unit?: { id: number; attacked: boolean; moved: boolean };
}
export interface SerializedGame {
  w: number;
  h: number;
  turnCount: number;
  turnType: number;
  running: boolean;
  countries: { id: number; banners: number }[];
  tiles: SerializedTile[];
}

export const DESKTOP = { width: 1366, height: 820 };
export const PHONE = { width: 390, height: 844 };

/** A person in their own browser context (own storage, so own identity), named `name`, tutorial seen; on `baseURL` if given. */
export async function newPerson(browser: Browser, name: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, ...(baseURL ? { baseURL } : {}) });
  await context.addInitScript((n) => {
    localStorage.setItem('seen-tutorial', 'true');
    localStorage.setItem('player-name', n);
  }, name);
  return context.newPage();
}

/** The online lobby as the page folded it (seq, stateHash, ids). */
export const onlineView = (page: Page) => page.evaluate(() => window.fourBanners?.online() ?? null);
export type OnlineView = NonNullable<Awaited<ReturnType<typeof onlineView>>>;

/** Creates an online lobby (private, no clock) from the main menu, its creator on green at once; returns its id. */
export async function createOnlineLobby(page: Page): Promise<string> {
  await page.goto('/main-menu');
  await page.getByTestId('play-online').click();
  await page.getByTestId('create-lobby').click();
  await expect(page.getByTestId('online-lobby')).toBeVisible();
  await expect(page.getByTestId('online-seat-0').getByText('you', { exact: true })).toBeVisible();
  return (await page.getByTestId('lobby-id').textContent())!.trim();
}

/** Joins lobby `lobbyId` through its invite link (`/join/<id>`): one click seats the person on the first free colour. */
export async function joinOnlineLobby(page: Page, lobbyId: string): Promise<void> {
  await page.goto(`/join/${lobbyId}`);
  await page.getByTestId('invite-join').click();
  await expect(page.getByTestId('online-lobby')).toBeVisible();
}

/** `a` creates an online lobby (on green), `b` joins it by the invite link (on purple), each seeing the other seated by name; returns the lobby's id. */
export async function seatTwoPeople(a: Page, b: Page, [aName, bName]: readonly [string, string]): Promise<string> {
  const lobbyId = await createOnlineLobby(a);
  await joinOnlineLobby(b, lobbyId);
  await expect(b.getByTestId('online-seat-0')).toContainText(aName);
  await expect(a.getByTestId('online-seat-1')).toContainText(bName);
  return lobbyId;
}

/** The admin seats a hard bot on seat `seat` and sets a 5×5 map (a game the bot ends fast); `seen` is a page that must show the map. */
export async function seatHardBotOn5x5(admin: Page, seat: number, seen: Page = admin): Promise<void> {
  await admin.getByTestId(`bot-difficulty-${seat}`).click();
  await admin.getByRole('option', { name: /hard/i }).click();
  await admin.getByTestId(`add-bot-${seat}`).click();
  await expect(admin.getByTestId(`online-seat-${seat}`)).toContainText(/Hard/i);
  for (const side of ['map-w', 'map-h']) {
    await admin.getByTestId(side).fill('5');
    await admin.getByTestId(side).press('Enter');
    await expect(seen.getByTestId(side)).toHaveValue('5');
  }
}

/**
 * A host ("Host", bots instant) in a new online lobby on green against the server's hard bot on purple,
 * on a 5×5 map, the game started: a person who only passes loses it quickly.
 */
export async function startHostVsHardBot(browser: Browser): Promise<{ host: Page; lobbyId: string }> {
  const host = await newPerson(browser, 'Host');
  await host.addInitScript(() => localStorage.setItem('bot-speed', 'instant'));
  const lobbyId = await createOnlineLobby(host);
  await expect(host.getByTestId('online-seat-0')).toContainText('Host');
  await seatHardBotOn5x5(host, 1);
  await host.getByTestId('online-start').click();
  await expect(host).toHaveURL(/\/game/);
  return { host, lobbyId };
}

/** Game `lobbyId` as the server's public list shows it (its status and last seq), if listed. */
export async function listedGame(
  page: Page,
  lobbyId: string,
): Promise<{ status: string; lastSeq: number } | undefined> {
  const list = await (await page.request.get('/api/games?limit=20')).json();
  return list.games.find((g: { id: string }) => g.id === lobbyId);
}

/**
 * The host (green) passes whenever it may act until the server lists the game as finished, then waits
 * until the page has folded the last event; returns that seq and the page's view at it.
 */
export async function playPassingGameToEnd(
  host: Page,
  lobbyId: string,
): Promise<{ lastSeq: number; live: OnlineView }> {
  const deadline = Date.now() + 100_000;
  let game = await listedGame(host, lobbyId);
  while (game?.status !== 'finished') {
    expect(Date.now(), 'the game ends').toBeLessThan(deadline);
    const mine = await host.evaluate(() => window.fourBanners?.active() === 0 && !window.fourBanners.botBusy());
    if (mine) await passTurn(host);
    else await host.waitForTimeout(200);
    game = await listedGame(host, lobbyId);
  }
  const { lastSeq } = game;
  await host.waitForFunction((seq) => window.fourBanners?.online()?.seq === seq, lastSeq, { timeout: 30_000 });
  return { lastSeq, live: (await onlineView(host))! };
}

/**
 * On a first visit of the menu the page shows its prerendered first screen, and the app starts on the
 * first input (ARCHITECTURE §7.12): this gives it one (a Shift press, which does nothing else).
 */
export async function startApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await appStarted(page);
}

/**
 * Waits for the app's debug handle: the app starts after the page's first frame (ARCHITECTURE §7.12), so
 * right after a page load it may not be there yet.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => window.fourBanners !== undefined);
}

/** Marks the tutorial as seen before the page loads (every test but the newcomer's). */
export async function skipTutorial(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
}

/** The game in progress, once the app has started. */
export async function readGame(page: Page): Promise<SerializedGame> {
  await appStarted(page);
  const g = await page.evaluate(() => window.fourBanners?.game() ?? null);
  if (!g) throw new Error('no game in progress');
  return g as SerializedGame;
}

export const active = (page: Page) => page.evaluate(() => window.fourBanners?.active() ?? null);

/** The page point at the centre of tile (x, y), from the board's transformed content box. */
export async function tileCenter(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const g = await readGame(page);
  const box = await page.locator('.fb-board-content').boundingBox();
  if (!box) throw new Error('no board');
  return { x: box.x + ((x + 0.5) * box.width) / g.w, y: box.y + ((y + 0.5) * box.height) / g.h };
}

/**
 * Clicks tile (x, y) as a player would. A tile out of view (a big map opens zoomed in on the player's
 * units) is brought into view first with "Fit the map", the header's or, on a phone, the dock's.
 */
export async function clickTile(page: Page, x: number, y: number): Promise<void> {
  let p = await tileCenter(page, x, y);
  const board = (await page.getByTestId('board').boundingBox())!;
  const inside = (q: { x: number; y: number }) =>
    q.x > board.x && q.y > board.y && q.x < board.x + board.width && q.y < board.y + board.height;
  if (!inside(p)) {
    await page.getByRole('button', { name: 'Fit the map' }).filter({ visible: true }).first().click();
    await expect.poll(async () => inside(await tileCenter(page, x, y))).toBe(true);
    p = await tileCenter(page, x, y);
  }
  await page.mouse.click(p.x, p.y);
}

/** Selects the unit on `at`, clicking again if the board was still settling its view at the first click. */
export async function selectTile(page: Page, at: { x: number; y: number }): Promise<void> {
  await expect(async () => {
    if ((await page.locator('.fb-selected').count()) === 0) await clickTile(page, at.x, at.y);
    await expect(page.locator('.fb-selected')).toHaveCount(1, { timeout: 1500 });
  }).toPass();
}

/** Waits until this device may act (bots done) or the player-status dialog is up; returns which. */
export async function waitForTurnOrEnd(page: Page, timeout = 60_000): Promise<'turn' | 'end'> {
  const handle = await page.waitForFunction(
    () => {
      if (document.querySelector('[data-testid="player-status"]')) return 'end';
      const fb = window.fourBanners;
      const me = fb?.active() ?? null;
      // The screen must show it too (React may render a frame after the session moved on): a click
      // before that would meet the board of the bots' turn.
      const shown = document.querySelector('[data-testid="game"]')?.getAttribute('data-active');
      return fb && me !== null && !fb.botBusy() && shown === String(me) ? 'turn' : null;
    },
    null,
    { timeout },
  );
  return (await handle.jsonValue()) as 'turn' | 'end';
}

export const PASS_QUESTION = 'Are you sure you want to pass the turn?';

/**
 * Passes the turn through the header button: in one click when nothing is left to do, else through the
 * dialog that says what is left (Yes). Returns whether the dialog asked.
 */
export async function passTurn(page: Page): Promise<boolean> {
  const screen = page.getByTestId('game');
  const turn = await screen.getAttribute('data-turn');
  await page.getByTestId('pass-turn').click();
  const dialog = page.getByTestId('modal-next-turn');
  const question = dialog.getByText(PASS_QUESTION);
  // Either the question shows, or the turn moved on (online: once the server has it), or the game ended.
  await expect
    .poll(
      async () =>
        (await question.isVisible()) ||
        (await screen.getAttribute('data-turn')) !== turn ||
        (await page.getByTestId('player-status').isVisible()),
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!(await question.isVisible())) return false;
  await dialog.getByRole('button', { name: 'Yes' }).click();
  // The dialog fades out for 200 ms and its overlay takes clicks until it is gone.
  await expect(question).toBeHidden();
  return true;
}

const neighbours = (g: SerializedGame, x: number, y: number) => {
  const out: SerializedTile[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < g.w && ny < g.h) out.push(g.tiles[nx + ny * g.w]!);
    }
  return out;
};

export interface TurnReport {
  banners: number;
  moves: number;
  attacks: number;
}

/**
 * Plays one turn the way a person would, through clicks: a banner on a white banner tile, then each
 * unit attacks an adjacent enemy unit or steps toward the nearest foreign tile.
 */
export async function playTurn(page: Page, opts: { attack?: boolean } = {}): Promise<TurnReport> {
  const report: TurnReport = { banners: 0, moves: 0, attacks: 0 };
  const me = await active(page);
  if (me === null) return report;
  const spot = page.locator('.fb-banner-spot').first();
  if ((await spot.count()) > 0) {
    const before = (await readGame(page)).countries.find((c) => c.id === me)!.banners;
    await clickTile(page, Number(await spot.getAttribute('data-x')), Number(await spot.getAttribute('data-y')));
    const after = (await readGame(page)).countries.find((c) => c.id === me)!.banners;
    if (after === before - 1) report.banners++;
  }
  let g: SerializedGame = await readGame(page);
  const units = g.tiles.filter((t) => t.unit?.id === me && !t.unit.attacked).map((t) => t.pos);
  for (const from of units) {
    g = await readGame(page);
    const here = g.tiles[from.x + from.y * g.w]!;
    if (here.unit?.id !== me || here.unit.attacked) continue;
    const enemy = neighbours(g, from.x, from.y).find((t) => t.unit && t.unit.id !== me);
    if (enemy && opts.attack !== false) {
      await clickTile(page, from.x, from.y);
      await clickTile(page, enemy.pos.x, enemy.pos.y);
      await expect(page.getByTestId('fight-card')).toBeVisible();
      // The dice roll for a moment (not under reduced motion), then settle on the fight's rolls.
      await expect(page.getByTestId('fight-card')).toHaveAttribute('data-phase', 'result');
      await expect(page.getByTestId('fight-card').locator('[aria-label^="die showing"]')).toHaveCount(2);
      report.attacks++;
      await page.getByTestId('fight-card').click();
      continue;
    }
    if (here.unit.moved) continue;
    // Step toward the nearest tile owned by someone else.
    const foreign: SerializedTile[] = g.tiles.filter((t) => t.owner !== me && t.owner !== -1);
    const dist = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
    const options = neighbours(g, from.x, from.y).filter((t) => !t.unit && t.landmark !== 0);
    if (foreign.length === 0 || options.length === 0) continue;
    const score = (t: SerializedTile): number => Math.min(...foreign.map((f) => dist(f.pos, t.pos)));
    const to: SerializedTile = options.sort((a, b) => score(a) - score(b))[0]!;
    if (score(to) >= score(here)) continue;
    await clickTile(page, from.x, from.y);
    await clickTile(page, to.pos.x, to.pos.y);
    const after = await readGame(page);
    if (after.tiles[to.pos.x + to.pos.y * g.w]!.unit?.id === me) report.moves++;
    await page.keyboard.press('Escape');
  }
  return report;
}

/** The autosaved log of the offline game, read like the app does (null before the app made its database or an autosave). */
export async function autosavedLog(page: Page): Promise<LobbyEvent[] | null> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'four-banners')) return null;
    return new Promise<LobbyEvent[] | null>((resolve, reject) => {
      const open = indexedDB.open('four-banners');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const get = open.result.transaction('saves', 'readonly').objectStore('saves').get('autosave');
        get.onsuccess = () => {
          open.result.close();
          resolve((get.result?.events as LobbyEvent[] | undefined) ?? null);
        };
        get.onerror = () => reject(get.error);
      };
    });
  });
}
