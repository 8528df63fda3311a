/**
 * Online play against the real server (ARCHITECTURE §7.6, §7.7; PROTOCOL §3): two people in two
 * browser contexts create and join a lobby, chat, pick colours, add a bot, start, play through the UI
 * with the bot's turns shown between theirs, and end on the same state. A reload rejoins the same seat.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  DESKTOP,
  PHONE,
  clickTile,
  joinOnlineLobby,
  newPerson,
  onlineView,
  passTurn,
  readGame,
  type SerializedGame,
  type SerializedTile,
} from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** Waits until the page has folded past `seq` and its board shows everything it folded. */
async function caughtUpPast(page: Page, seq: number): Promise<number> {
  const handle = await page.waitForFunction(
    (after) => {
      const o = window.fourBanners?.online();
      return o && o.seq > after && (o.shownSeq === null || o.shownSeq === o.seq) ? o.seq : null;
    },
    seq,
    { timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Waits until this page's person may act (their country's turn, every received event shown). */
async function myTurn(page: Page, country: number): Promise<void> {
  await page.waitForFunction((c) => window.fourBanners?.active() === c && !window.fourBanners.botBusy(), country, {
    timeout: 30_000,
  });
}

const near = (g: SerializedGame, x: number, y: number) =>
  g.tiles.filter((t) => Math.max(Math.abs(t.pos.x - x), Math.abs(t.pos.y - y)) === 1);

/**
 * One turn through the UI: a banner on a white banner tile if there is one, then one unit steps to an
 * empty neighbour; each action is waited for until the server's broadcast is folded. Returns the
 * number of actions sent (the pass not included).
 */
async function playOnlineTurn(page: Page, me: number): Promise<number> {
  let sent = 0;
  let seq = (await onlineView(page))!.seq;
  const spots = page.locator('.fb-banner-spot');
  if ((await spots.count()) > 0) {
    await spots.first().click({ force: true });
    seq = await caughtUpPast(page, seq);
    sent++;
  }
  const g = await readGame(page);
  const unit = g.tiles.find((t) => t.unit?.id === me && !t.unit.moved && !t.unit.attacked);
  const to = unit
    ? near(g, unit.pos.x, unit.pos.y).find((t: SerializedTile) => !t.unit && t.landmark !== 0)
    : undefined;
  if (unit && to) {
    await clickTile(page, unit.pos.x, unit.pos.y);
    await clickTile(page, to.pos.x, to.pos.y);
    seq = await caughtUpPast(page, seq);
    await page.keyboard.press('Escape');
    sent++;
  }
  await passTurn(page);
  await caughtUpPast(page, seq);
  return sent;
}

test('two people and a bot play an online lobby; a reload rejoins the same seat', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await newPerson(browser, 'Alice');
  const b = await newPerson(browser, 'Bob');

  // Alice creates a lobby from the main menu and becomes its admin.
  await a.goto('/main-menu');
  await a.getByTestId('play-online').click();
  await expect(a).toHaveURL(/\/join-lobby/);
  await a.getByTestId('create-lobby').click();
  await expect(a).toHaveURL(/\/lobby$/);
  await expect(a.getByTestId('online-lobby')).toBeVisible();
  const lobbyId = (await a.getByTestId('lobby-id').textContent())!.trim();
  expect(lobbyId.length).toBeGreaterThan(3);
  await expect(a.getByTestId('online-start')).toBeVisible();

  // Alice is on green at once; the invite link she copies is /join/<id>.
  await expect(a.getByTestId('online-seat-0')).toContainText('Alice');
  // Bob follows an invite link of the old shape: it lands on the lobby's invite page, one click seats him on purple.
  await b.goto(`/join-lobby?id=${lobbyId}`);
  await expect(b).toHaveURL(new RegExp(`/join/${lobbyId}$`));
  await expect(b.getByTestId('invite-admin')).toHaveText('Alice');
  await expect(b.getByTestId('invite-join')).toHaveText('Join as Purple');
  await b.getByTestId('invite-join').click();
  await expect(b.getByTestId('online-lobby')).toBeVisible();
  await expect(b.getByTestId('online-seat-1')).toContainText('Bob');
  await expect(b.getByTestId('online-start')).toHaveCount(0);
  await expect(a.getByText('Bob', { exact: true })).toBeVisible();
  // Presence: each sees the other online.
  const bobId = (await onlineView(b))!.playerId;
  await expect(a.getByTestId(`player-${bobId}`).locator('.fb-presence[data-online]')).toBeVisible();

  // Chat both ways: Alice in the lobby panel, Bob on /chat.
  await a.getByTestId('chat-input').fill('hello Bob');
  await a.getByTestId('chat-input').press('Enter');
  await expect(b.getByTestId('chat-messages')).toContainText('hello Bob');
  await expect(a.getByTestId('chat-input')).toHaveValue('');
  await b.goto('/chat');
  await expect(b.getByTestId('chat-messages')).toContainText('Alice: hello Bob');
  await b.getByTestId('chat-input').fill('hi Alice, ready?');
  await b.getByTestId('chat-send').click();
  await expect(a.getByTestId('chat-messages')).toContainText('hi Alice, ready?');
  await b.setViewportSize(PHONE);
  await b.waitForTimeout(300);
  await b.screenshot({ path: `${OUT}phone-online-chat.png` });
  await b.goto('/lobby');
  await b.waitForTimeout(300);
  await b.screenshot({ path: `${OUT}phone-online-lobby-guest.png` });
  await b.goto('/chat');
  await b.setViewportSize(DESKTOP);
  await b.screenshot({ path: `${OUT}desktop-online-chat.png` });
  await b.getByRole('link', { name: 'Back to the lobby' }).click();

  // Colours, a bot and a small map.
  await expect(b.getByTestId('online-seat-0')).toContainText('Alice');
  await expect(a.getByTestId('online-seat-1')).toContainText('Bob');
  await a.getByTestId('add-bot-2').click();
  await expect(b.getByTestId('online-seat-2')).toContainText('Easy Bot');
  // The map: Enter or leaving the field sends it; everybody's preview regenerates from the fold.
  await a.getByTestId('map-w').fill('7');
  await a.getByTestId('map-w').press('Enter');
  await expect(b.getByTestId('map-w')).toHaveValue('7');
  await a.getByTestId('map-h').fill('7');
  await a.getByTestId('map-h').press('Tab');
  await expect(b.getByTestId('map-h')).toHaveValue('7');
  expect((await readGame(b).catch(() => null)) ?? null).toBeNull(); // no game yet, only a preview
  await a.waitForTimeout(200);
  await a.screenshot({ path: `${OUT}desktop-online-lobby.png` });
  await b.screenshot({ path: `${OUT}desktop-online-lobby-guest.png` });
  await a.setViewportSize(PHONE);
  await a.waitForTimeout(300);
  await a.screenshot({ path: `${OUT}phone-online-lobby.png` });
  await a.getByTestId('online-start').scrollIntoViewIfNeeded();
  await a.screenshot({ path: `${OUT}phone-online-lobby-map.png` });
  await a.setViewportSize(DESKTOP);

  // The full-screen preview shows the lobby's map as folded from the server's events.
  await a.getByRole('link', { name: 'Full-screen preview' }).click();
  await expect(a).toHaveURL(/\/lobby-preview/);
  await expect(a.getByText('7 × 7', { exact: false })).toBeVisible();
  await a.screenshot({ path: `${OUT}desktop-online-preview.png` });
  await a.getByRole('link', { name: 'Back to lobby' }).click();

  // Alice starts: both land on the board.
  await a.getByTestId('online-start').click();
  await expect(a).toHaveURL(/\/game$/);
  await expect(b).toHaveURL(/\/game$/);
  await expect(a.getByTestId('game')).toBeVisible();
  await expect(b.getByTestId('game')).toBeVisible();
  await myTurn(a, 0);
  await a.screenshot({ path: `${OUT}desktop-online-game.png` });
  await b.setViewportSize(PHONE);
  await b.waitForTimeout(300);
  await b.screenshot({ path: `${OUT}phone-online-game.png` });
  await b.setViewportSize(DESKTOP);

  let actions = 0;
  for (let round = 0; round < 2; round++) {
    await myTurn(a, 0);
    // Bob's device cannot pass Alice's turn.
    await expect(b.getByTestId('pass-turn')).toBeDisabled();
    actions += await playOnlineTurn(a, 0);
    await myTurn(b, 1);
    const sawBot = a.getByTestId('bot-bar').waitFor({ timeout: 20_000 });
    actions += await playOnlineTurn(b, 1);
    // The bot plays on the server; both clients show its turn, paced.
    await sawBot;
    await myTurn(a, 0);
  }
  expect(actions).toBeGreaterThan(0);

  // Both clients folded the same log to the same state.
  const [oa, ob] = [await onlineView(a), await onlineView(b)];
  expect(oa!.seq).toBe(ob!.seq);
  expect(oa!.stateHash).toBe(ob!.stateHash);
  expect(await a.evaluate(() => window.fourBanners!.hash())).toBe(await b.evaluate(() => window.fourBanners!.hash()));
  const turnBefore = (await readGame(a)).turnCount;
  expect(turnBefore).toBeGreaterThan(6);

  // Bob reloads while Alice passes: he comes back to the same seat and catches up.
  const seatBefore = ob!.playerId;
  const reloading = b.reload();
  await passTurn(a);
  await reloading;
  await expect(b.getByTestId('game')).toBeVisible();
  await myTurn(b, 1);
  const after = (await onlineView(b))!;
  expect(after.playerId).toBe(seatBefore);
  await caughtUpPast(a, after.seq - 1);
  expect((await onlineView(a))!.stateHash).toBe(after.stateHash);

  // Alice's network drops: the lost-connection dialog shows; Stay keeps the board. Bob passes and the
  // bot plays meanwhile; when the network is back her socket reconnects by itself and resyncs.
  await a.context().setOffline(true);
  const lost = a.getByTestId('modal-lost-connection');
  await expect(lost.getByText('You lost connection')).toBeVisible({ timeout: 30_000 });
  await lost.getByRole('button', { name: 'Stay' }).click();
  const missed = (await onlineView(b))!.seq;
  await passTurn(b);
  await caughtUpPast(b, missed);
  await a.context().setOffline(false);
  await myTurn(a, 0);
  const back = (await onlineView(a))!;
  expect(back.seq).toBeGreaterThan(missed + 1);
  await caughtUpPast(b, back.seq - 1);
  expect((await onlineView(b))!.stateHash).toBe(back.stateHash);

  await a.context().close();
  await b.context().close();
});

test('refusals show their message; the lobby switch; removal and leaving go back to the menu', async ({ browser }) => {
  const a = await newPerson(browser, 'Alice');
  const b = await newPerson(browser, 'Bob');
  // An invite to a lobby that does not exist says so and leads to the open lobbies.
  await a.goto('/join/NOSUCH');
  await expect(a.getByTestId('invite-missing')).toContainText('NOSUCH');
  await a.getByTestId('invite-to-open-lobbies').click();
  await expect(a).toHaveURL(/\/join-lobby$/);
  await a.getByTestId('lobby-id-input').fill('NOSUCH');
  await a.getByTestId('join-lobby').click();
  await expect(a.getByTestId('app-toast')).toContainText('There is no open lobby NOSUCH');
  await expect(a).toHaveURL(/\/join-lobby/);

  // The offline lobby's switch makes it an online lobby with Alice as admin (ARCHITECTURE §7.3 online/offline dialog).
  await a.goto('/lobby');
  await a.getByRole('switch', { name: 'Online lobby' }).click({ force: true });
  const toggle = a.getByTestId('modal-lobby-online');
  await expect(toggle.getByText('Are you sure you want to change lobby to "Online"?')).toBeVisible();
  await toggle.getByRole('button', { name: 'Yes' }).click();
  await expect(a.getByTestId('online-lobby')).toBeVisible();
  const lobbyId = (await a.getByTestId('lobby-id').textContent())!.trim();
  // One colour taken (Alice is on green at once): the engine refuses start, so the button stays off.
  await expect(a.getByTestId('online-seat-0')).toContainText('Alice');
  await expect(a.getByTestId('online-start')).toBeDisabled();

  // Bob joins; the admin removes him: he is sent to the menu and told why.
  await joinOnlineLobby(b, lobbyId);
  await expect(a.getByTestId('online-seat-1')).toContainText('Bob');
  await a.getByTestId('remove-1').click();
  await expect(b).toHaveURL(/\/main-menu/);
  await expect(b.getByTestId('app-toast')).toContainText('You were removed from the lobby.');
  await expect(a.getByTestId('online-seat-1')).not.toContainText('Bob');

  // Bob comes back and leaves by himself through the quit-lobby dialog.
  await joinOnlineLobby(b, lobbyId);
  await b.getByTestId('leave-lobby').click();
  await b.getByTestId('modal-quit-lobby').getByRole('button', { name: 'Leave' }).click();
  await expect(b).toHaveURL(/\/main-menu/);
  await expect(b.getByTestId('play-online')).toBeVisible();
  await expect(a.getByText('Bob', { exact: true })).toHaveCount(0);

  // Switching back to offline closes the lobby (admin): the offline setup is back.
  await a.getByRole('switch', { name: 'Online lobby' }).click({ force: true });
  await a.getByTestId('modal-lobby-online').getByRole('button', { name: 'Yes' }).click();
  await expect(a.getByTestId('start-game')).toBeVisible();
  await expect(a.getByTestId('online-lobby')).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});
