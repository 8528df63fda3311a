/**
 * Online with strangers (PROTOCOL §4.7, §4.8, §8.7) against the real server: two people press Quick
 * match and play the same game; one alone waits, leaves the queue, or plays with bots now; a third
 * finds a public lobby in the open lobbies and joins it in one click; an invite link seats on a free
 * colour in one click; a turn clock counts down, warns in its last ten seconds and passes the turn; a
 * person who goes offline on their turn is shown as away and the game goes on.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { DESKTOP, PHONE, active, newPerson, onlineView, passTurn } from './helpers';
import { startRealServer } from './real-server';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** Waits until this page's person may act for `country` (every received event shown). */
async function myTurn(page: Page, country: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction((c) => window.fourBanners?.active() === c && !window.fourBanners.botBusy(), country, {
    timeout,
  });
}

/** Presses "Play online now" on the main menu and asks for a quick match of `seats` on a `size` map. */
async function quickMatch(page: Page, seats: 2 | 4, size: '10' | '16' | '24' | 'any'): Promise<void> {
  await page.goto('/main-menu');
  await page.getByTestId('play-online-now').click();
  await expect(page).toHaveURL(/\/quick-match$/);
  await page.getByTestId('quick-seats').getByText(`${seats} players`).click();
  await page
    .getByTestId('quick-size')
    .getByText(size === 'any' ? 'Any' : `${size}×${size}`)
    .click();
  await page.getByTestId('quick-find').click();
}

/** Creates a lobby from the Play online page: `listed` public or private, with `clock` (a label of the select). */
async function createLobby(page: Page, { listed, clock }: { listed: boolean; clock?: string }): Promise<string> {
  await page.goto('/join-lobby');
  if (listed) await page.getByTestId('create-listed').getByText('Public (listed)').click();
  if (clock) {
    await page.getByTestId('create-clock').click();
    await page.getByRole('option', { name: clock }).click();
  }
  await page.getByTestId('create-lobby').click();
  await expect(page.getByTestId('online-lobby')).toBeVisible();
  return (await page.getByTestId('lobby-id').textContent())!.trim();
}

test('two people press Quick match, land in the same game and see each other’s moves', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await newPerson(browser, 'Ada');
  const b = await newPerson(browser, 'Ben');

  await quickMatch(a, 2, '10');
  // Alone: the waiting view says so; no countdown until a second person is in.
  await expect(a.getByTestId('quick-waiting')).toBeVisible();
  await expect(a.getByTestId('quick-line')).toHaveText('Waiting for another player…');
  await expect(a.getByTestId('quick-seats-left')).toHaveText('1 seat left of 2.');
  await expect(a.getByTestId('quick-people')).toContainText('Ada');
  await a.screenshot({ path: `${OUT}desktop-quick-waiting.png` });
  await a.setViewportSize(PHONE);
  await a.screenshot({ path: `${OUT}phone-quick-waiting.png` });
  await a.setViewportSize(DESKTOP);

  // Ben asks for the same: the lobby is full and starts by itself; both are taken to the board.
  await quickMatch(b, 2, '10');
  await expect(a).toHaveURL(/\/game$/);
  await expect(b).toHaveURL(/\/game$/);
  await expect(a.getByTestId('game')).toBeVisible();
  await expect(b.getByTestId('game')).toBeVisible();
  const [va, vb] = [(await onlineView(a))!, (await onlineView(b))!];
  expect(va.lobbyId).toBe(vb.lobbyId);

  // Whoever's turn it is passes; the other sees the turn come to them, on the same state.
  await expect.poll(async () => (await active(a)) ?? (await active(b)), { timeout: 20_000 }).not.toBeNull();
  const aMoves = (await active(a)) !== null;
  const first = aMoves ? { mover: a, other: b } : { mover: b, other: a };
  const moverCountry = (await active(first.mover))!;
  // A quick match has a turn clock (60 s): both see it count down.
  await expect(first.mover.getByTestId('turn-clock')).toBeVisible();
  await expect(first.other.getByTestId('turn-clock')).toBeVisible();
  await expect(first.other.getByTestId(`players-clock-${moverCountry}`)).toBeVisible();
  await first.mover.screenshot({ path: `${OUT}desktop-quick-game.png` });
  await passTurn(first.mover);
  await first.other.waitForFunction(() => window.fourBanners?.active() !== null, null, { timeout: 20_000 });
  const [ma, mb] = [(await onlineView(first.mover))!, (await onlineView(first.other))!];
  await expect.poll(async () => (await onlineView(first.mover))!.stateHash).toBe(mb.stateHash);
  expect(ma.seq).toBeGreaterThan(va.seq);
  await a.context().close();
  await b.context().close();
});

test('alone in a quick match: leave the queue in one click, or play with bots now', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await newPerson(browser, 'Ari');
  await quickMatch(a, 4, '16');
  await expect(a.getByTestId('quick-seats-left')).toHaveText('3 seats left of 4.');
  await a.getByTestId('quick-leave').click();
  await expect(a).toHaveURL(/\/main-menu$/);
  await expect(a.getByTestId('play-online-now')).toBeVisible();

  await quickMatch(a, 4, '24');
  await expect(a.getByTestId('quick-line')).toHaveText('Waiting for another player…');
  await a.getByTestId('quick-play-bots').click();
  await expect(a).toHaveURL(/\/game$/);
  await expect(a.getByTestId('game')).toBeVisible();
  // Three bots in the empty seats.
  await expect(a.getByTestId('players-panel').locator('tbody tr')).toHaveCount(4);
  await a.context().close();
});

test('a third person finds a public lobby in the open lobbies and joins it in one click', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await newPerson(browser, 'Hana');
  const guest = await newPerson(browser, 'Gus');
  const lobbyId = await createLobby(host, { listed: true });
  // Public lobbies get a 60 s clock unless their creator picks another.
  await expect(host.getByTestId('lobby-listed')).toContainText('Public');
  await expect(host.getByTestId('online-seat-0')).toContainText('Hana');

  await guest.goto('/join-lobby');
  const row = guest.getByTestId(`open-lobby-${lobbyId}`);
  await expect(row).toContainText('Hana’s lobby', { timeout: 15_000 });
  await expect(row).toContainText('1 taken');
  await expect(row).toContainText('60 s per turn');
  await guest.screenshot({ path: `${OUT}desktop-open-lobbies.png` });
  await guest.setViewportSize(PHONE);
  await guest.screenshot({ path: `${OUT}phone-open-lobbies.png`, fullPage: true });
  await guest.setViewportSize(DESKTOP);
  await guest.getByTestId(`join-open-${lobbyId}`).click();
  await expect(guest.getByTestId('online-lobby')).toBeVisible();
  await expect(guest.getByTestId('online-seat-1')).toContainText('Gus');
  await expect(host.getByTestId('online-seat-1')).toContainText('Gus');

  // A private lobby is never listed.
  const other = await newPerson(browser, 'Pia');
  const privateId = await createLobby(other, { listed: false });
  await guest.goto('/join-lobby');
  await expect(guest.getByTestId('open-lobbies')).toBeVisible();
  await guest.waitForTimeout(1_000);
  await expect(guest.getByTestId(`open-lobby-${privateId}`)).toHaveCount(0);
  for (const p of [host, guest, other]) await p.context().close();
});

test('an invite link /join/<id> shows the lobby and seats on a free colour with one click', async ({ browser }) => {
  const host = await newPerson(browser, 'Ivy');
  const guest = await newPerson(browser, 'Jon');
  const lobbyId = await createLobby(host, { listed: false, clock: '2 min per turn' });
  await host.getByTestId('add-bot-1').click();
  await expect(host.getByTestId('online-seat-1')).toContainText('Easy Bot');

  await guest.goto(`/join/${lobbyId}`);
  await expect(guest.getByTestId('invite-admin')).toHaveText('Ivy');
  await expect(guest.getByTestId('invite-page')).toContainText('2 min per turn');
  await expect(guest.getByTestId('invite-seats')).toContainText('Ivy');
  await expect(guest.getByTestId('invite-join')).toHaveText('Join as Red');
  await guest.screenshot({ path: `${OUT}desktop-invite.png` });
  await guest.setViewportSize(PHONE);
  await guest.screenshot({ path: `${OUT}phone-invite.png`, fullPage: true });
  await guest.setViewportSize(DESKTOP);
  await guest.getByTestId('invite-join').click();
  await expect(guest.getByTestId('online-lobby')).toBeVisible();
  await expect(host.getByTestId('online-seat-2')).toContainText('Jon');
  await host.screenshot({ path: `${OUT}desktop-lobby-settings.png`, fullPage: true });
  for (const p of [host, guest]) await p.context().close();
});

test('an invite opened by someone playing a game elsewhere says so and leads back to it, not silently to the board', async ({
  browser,
}) => {
  const host = await newPerson(browser, 'Lea');
  const player = await newPerson(browser, 'Max');
  const other = await newPerson(browser, 'Noor');
  const gameId = await createLobby(host, { listed: false });
  await player.goto(`/join/${gameId}`);
  await player.getByTestId('invite-join').click();
  await expect(host.getByTestId('online-seat-1')).toContainText('Max');
  await host.getByTestId('online-start').click();
  await expect(player).toHaveURL(/\/game$/);

  // Max opens Noor's invite while his game goes on: the page stays, says why, and offers the way back.
  const inviteId = await createLobby(other, { listed: false });
  await player.goto(`/join/${inviteId}`);
  await expect(player.getByTestId('invite-in-game')).toContainText(`lobby ${gameId}`);
  await expect(player.getByTestId('invite-join')).toHaveCount(0);
  await expect(player).toHaveURL(new RegExp(`/join/${inviteId}$`));
  await player.screenshot({ path: `${OUT}desktop-invite-in-game.png` });
  await player.getByTestId('invite-back-to-game').click();
  await expect(player).toHaveURL(/\/game$/);
  await expect(player.getByTestId('game-side')).toBeVisible();
  for (const p of [host, player, other]) await p.context().close();
});

test('a turn clock counts down, warns in its last ten seconds, and passes the turn when it runs out', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await newPerson(browser, 'Cleo');
  const b = await newPerson(browser, 'Dan');
  const lobbyId = await createLobby(a, { listed: false, clock: '30 s per turn' });
  await b.goto(`/join/${lobbyId}`);
  await b.getByTestId('invite-join').click();
  await expect(a.getByTestId('online-seat-1')).toContainText('Dan');
  await a.getByTestId('online-start').click();
  await expect(a).toHaveURL(/\/game$/);
  await expect(b).toHaveURL(/\/game$/);
  await myTurn(a, 0);

  // Cleo's turn: both see her clock, in the header and on her row of the players panel.
  for (const p of [a, b]) {
    await expect(p.getByTestId('turn-clock')).toBeVisible();
    await expect(p.getByTestId('players-clock-0')).toBeVisible();
  }
  await expect(b.getByTestId('turn-clock')).toHaveText(/^0:[0-3]\d$/);
  await expect(b.getByTestId('turn-clock')).not.toHaveAttribute('data-warning');
  // The last ten seconds warn: another style, and a spoken notice once.
  await expect(b.getByTestId('turn-clock')).toHaveAttribute('data-warning', 'true', { timeout: 30_000 });
  await expect(b.getByTestId('players-clock-0')).toHaveAttribute('data-warning', 'true');
  await expect(a.getByTestId('clock-notice')).toHaveText('Ten seconds left on your turn.');
  await expect(b.getByTestId('clock-notice')).toHaveText('Ten seconds left for Cleo.');
  await a.screenshot({ path: `${OUT}desktop-clock-warning.png` });
  await b.setViewportSize(PHONE);
  await b.screenshot({ path: `${OUT}phone-clock-warning.png` });
  await b.setViewportSize(DESKTOP);

  // Nobody moves: the server passes Cleo's turn; Dan's turn begins with a fresh clock, and the feed says why.
  await myTurn(b, 1, 25_000);
  await expect(b.getByTestId('turn-clock')).not.toHaveAttribute('data-warning');
  await expect(b.getByTestId('game-side')).toContainText('Cleo ran out of time: the turn passes');
  await expect.poll(async () => (await onlineView(a))!.stateHash).toBe((await onlineView(b))!.stateHash);
  for (const p of [a, b]) await p.context().close();
});

test.describe('away players, on a server with a short grace period and a fast clock', () => {
  /** A clock second of this server lasts 50 ms: "2 min per turn" runs out in 6 s (the countdown shown is not shortened). */
  const SHORT = { AWAY_GRACE_SECONDS: '2', TURN_CLOCK_MS_PER_SECOND: '50' };
  let server: Awaited<ReturnType<typeof startRealServer>>;
  test.beforeAll(async () => {
    server = await startRealServer(Number(process.env.E2E_PORT ?? 4173) + 45, process.env.E2E_WEB_DIST, SHORT);
  });
  test.afterAll(async () => {
    await server?.close();
  });

  /** Eve (green) and Finn (purple) in a started game of a new lobby with `clock`. */
  async function startEveAndFinn(browser: Browser, clock?: string): Promise<{ a: Page; b: Page }> {
    const a = await newPerson(browser, 'Eve', server.url);
    const b = await newPerson(browser, 'Finn', server.url);
    const lobbyId = await createLobby(a, { listed: false, ...(clock ? { clock } : {}) });
    await b.goto(`/join/${lobbyId}`);
    await b.getByTestId('invite-join').click();
    await expect(a.getByTestId('online-seat-1')).toContainText('Finn');
    await a.getByTestId('online-start').click();
    await expect(b).toHaveURL(/\/game$/);
    await myTurn(a, 0);
    return { a, b };
  }

  test('a person who goes offline on their turn is shown as away, and the game goes on', async ({ browser }) => {
    test.setTimeout(90_000);
    const { a, b } = await startEveAndFinn(browser);
    // Eve's page goes away on her turn.
    await a.context().close();
    await expect(b.getByTestId('away-line')).toHaveText('Away — a bot is playing for Eve', { timeout: 20_000 });
    await expect(b.getByTestId('players-away-0')).toHaveText('Away — a bot is playing for Eve');
    await b.screenshot({ path: `${OUT}desktop-away.png` });
    // The bot plays Eve's turn: the game goes on, to Finn.
    await myTurn(b, 1, 30_000);
    await b.setViewportSize(PHONE);
    await b.screenshot({ path: `${OUT}phone-away.png` });
    await b.context().close();
  });

  test('two clocks run out in a row: away, a bot plays; “I’m back” gives the country back', async ({ browser }) => {
    test.setTimeout(90_000);
    const { a, b } = await startEveAndFinn(browser, '2 min per turn');
    // Eve lets her clock run out; Finn passes at once; Eve's clock runs out again: she is away.
    await myTurn(b, 1, 20_000);
    await expect(b.getByTestId('game-side')).toContainText('Eve ran out of time: the turn passes');
    await passTurn(b);
    await expect(a.getByTestId('you-are-away')).toHaveText('You are away — a bot is playing for you', {
      timeout: 20_000,
    });
    await expect(b.getByTestId('away-line')).toHaveText('Away — a bot is playing for Eve');
    await a.screenshot({ path: `${OUT}desktop-you-are-away.png` });
    // While away, Eve's device does not act for green.
    expect(await active(a)).toBeNull();
    await a.getByTestId('im-back').click();
    await expect(a.getByTestId('you-are-away')).toHaveCount(0);
    await expect(b.getByTestId('away-line')).toHaveCount(0);
    await expect(b.getByTestId('game-side')).toContainText('Eve is back');
    // Her country is hers again from its next turn.
    await myTurn(a, 0, 30_000);
    for (const p of [a, b]) await p.context().close();
  });
});
