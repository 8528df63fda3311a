/**
 * A connection you can trust (ARCHITECTURE §7.3 lost-connection dialog, §7.6 the socket): two people
 * play an online game against the real server; Bob's browser goes offline for 20 s at a time. The
 * dialog appears within a few seconds, a notice beside the board says "Reconnecting…" (never over it,
 * on a desktop or a phone) and the board refuses his moves where he can see it (nothing is sent), Alice plays on, and when Bob is back the dialog closes by itself once his
 * client has caught up: he is still on the board, on the same state as Alice. Okay goes to '/'.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  clickTile,
  createOnlineLobby,
  joinOnlineLobby,
  newPerson,
  onlineView,
  passTurn,
  readGame,
} from './helpers';

const OUTAGE_MS = 20_000;
/** "Within a few seconds" of going offline. */
const NOTICE_MS = 5_000;

/** Waits until `page` may act for `country` (its turn, every received event shown). */
async function myTurn(page: Page, country: number): Promise<void> {
  await page.waitForFunction((c) => window.fourBanners?.active() === c && !window.fourBanners.botBusy(), country, {
    timeout: 30_000,
  });
}

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/** The reconnecting notice is shown and lies outside the board's box (ARCHITECTURE §7.11). */
async function noticeBesideBoard(page: Page): Promise<void> {
  const notice = page.getByTestId('reconnecting');
  await expect(notice).toBeVisible();
  const board = (await page.getByTestId('game-stage').boundingBox())!;
  const box = (await notice.boundingBox())!;
  expect(box.width * box.height).toBeGreaterThan(0);
  expect(overlap(board, box), `notice ${JSON.stringify(box)} over the board ${JSON.stringify(board)}`).toBe(false);
}

/** Waits until `page` folded exactly `seq` and shows it; returns its view. */
async function atSeq(page: Page, seq: number) {
  await page.waitForFunction(
    (s) => {
      const o = window.fourBanners?.online();
      return o !== null && o !== undefined && o.seq === s && o.shownSeq === s;
    },
    seq,
    { timeout: 30_000 },
  );
  return (await onlineView(page))!;
}

test('an outage: the dialog comes and goes by itself, moves are refused visibly, both end on the same state', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await newPerson(browser, 'Alice');
  const b = await newPerson(browser, 'Bob');
  const lobbyId = await createOnlineLobby(a);
  await joinOnlineLobby(b, lobbyId);
  await expect(b.getByTestId('online-seat-0')).toContainText('Alice');
  await expect(a.getByTestId('online-seat-1')).toContainText('Bob');
  await a.getByTestId('online-start').click();
  await expect(a).toHaveURL(/\/game$/);
  await expect(b).toHaveURL(/\/game$/);
  await myTurn(a, 0);
  await passTurn(a);
  await myTurn(b, 1);

  const lost = b.getByRole('dialog').filter({ hasText: 'You lost connection' });
  const reconnecting = b.getByTestId('reconnecting');

  // --- 1. Bob's turn; his network goes. -------------------------------------------------------------
  const seqBefore = (await onlineView(a))!.seq;
  let wentOffline = Date.now();
  await b.context().setOffline(true);
  await expect(lost).toBeVisible({ timeout: NOTICE_MS });
  console.log(`lost-connection dialog shown ${Date.now() - wentOffline} ms after going offline`);
  await expect(reconnecting).toBeVisible();
  await expect(reconnecting).toContainText('Reconnecting…');
  await noticeBesideBoard(b);

  // Stay (the default) keeps him on the board, which still says it is reconnecting.
  await expect(lost.getByRole('button', { name: 'Stay' })).toBeFocused();
  await lost.getByRole('button', { name: 'Stay' }).click();
  await expect(lost).toBeHidden();
  await expect(b).toHaveURL(/\/game$/);
  await expect(reconnecting).toBeVisible();

  // He tries to raise a unit on a banner tile of his: the board refuses where he can see it.
  const g = await readGame(b);
  const spot = g.tiles.find((t) => t.owner === 1 && !t.unit && t.landmark === -1 && t.type === 0)!;
  expect(spot).toBeTruthy();
  await clickTile(b, spot.pos.x, spot.pos.y);
  await expect(b.getByTestId('reconnecting-refused')).toBeVisible();
  await expect(b.getByTestId('reconnecting-refused')).toContainText('Not sent');
  // He tries to pass from the header: refused with a message, not queued.
  await passTurn(b);
  await expect(b.getByTestId('app-toast').filter({ hasText: 'Not sent' })).toBeVisible();
  await b.screenshot({ path: test.info().outputPath('reconnecting.png') });
  // On a phone the notice takes the tray under the board, with the refusal in it.
  await b.getByTestId('app-toast').getByRole('button', { name: 'Dismiss' }).click();
  await b.setViewportSize(PHONE);
  await noticeBesideBoard(b);
  await expect(b.getByTestId('reconnecting-refused')).toBeVisible();
  await b.screenshot({ path: test.info().outputPath('reconnecting-phone.png') });
  await b.setViewportSize(DESKTOP);

  await b.waitForTimeout(Math.max(0, wentOffline + OUTAGE_MS - Date.now()));
  await b.context().setOffline(false);
  await expect(reconnecting).toBeHidden({ timeout: 15_000 });
  // Nothing he did offline reached the server: still his turn, the same seq, the same state as Alice.
  await myTurn(b, 1);
  const seenByB = await atSeq(b, seqBefore);
  expect((await onlineView(a))!.seq).toBe(seqBefore);
  expect(seenByB.stateHash).toBe((await onlineView(a))!.stateHash);
  expect((await readGame(b)).countries.find((c) => c.id === 1)!.banners).toBe(
    g.countries.find((c) => c.id === 1)!.banners,
  );

  // Connected again, a move goes through.
  await passTurn(b);
  await myTurn(a, 0);

  // --- 2. Alice's turn; Bob's network goes and Alice keeps playing. ------------------------------------
  wentOffline = Date.now();
  await b.context().setOffline(true);
  await expect(lost).toBeVisible({ timeout: NOTICE_MS });
  console.log(`lost-connection dialog shown ${Date.now() - wentOffline} ms after going offline (2nd outage)`);
  const bHeld = (await onlineView(b))!.seq;
  await passTurn(a);
  await a.waitForFunction((s) => (window.fourBanners?.online()?.seq ?? 0) > s, bHeld);
  const alice = (await onlineView(a))!;
  await b.waitForTimeout(Math.max(0, wentOffline + OUTAGE_MS - Date.now()));
  // Bob did not hear Alice's pass while offline.
  expect((await onlineView(b))!.seq).toBe(bHeld);

  const back = Date.now();
  await b.context().setOffline(false);
  // The dialog closes by itself once his client has caught up; he is still on the board.
  await expect(lost).toBeHidden({ timeout: 15_000 });
  console.log(`dialog closed ${Date.now() - back} ms after the network came back`);
  await expect(b).toHaveURL(/\/game$/);
  await expect(reconnecting).toBeHidden();
  const bob = await atSeq(b, alice.seq);
  expect(bob.stateHash).toBe(alice.stateHash);
  expect(await b.evaluate(() => window.fourBanners!.hash())).toBe(await a.evaluate(() => window.fourBanners!.hash()));
  await myTurn(b, 1);

  // --- 3. Okay leaves the board for '/' (ARCHITECTURE §7.3). -----------------------------------------------------
  await b.context().setOffline(true);
  await expect(lost).toBeVisible({ timeout: NOTICE_MS });
  await lost.getByRole('button', { name: 'Okay' }).click();
  await expect(b).toHaveURL(/\/main-menu$/);
  await expect(lost).toBeHidden();
  await b.context().setOffline(false);

  await a.context().close();
  await b.context().close();
});

test('the browser saying it is offline is enough: the status drops at once, and comes back by itself', async ({
  browser,
}) => {
  // A websocket can outlive the network it ran on until the heartbeat gives up (tens of seconds): the
  // window's `offline` event alone must show the dialog, and close the dead transport so it reconnects.
  const a = await newPerson(browser, 'Alice');
  await createOnlineLobby(a);
  const lost = a.getByRole('dialog').filter({ hasText: 'You lost connection' });
  const closed = a.waitForEvent('websocket').then(() => Date.now());
  const at = Date.now();
  await a.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(lost).toBeVisible({ timeout: 1_000 });
  await expect(lost.getByTestId('lost-connection-state')).toHaveAttribute('data-link', /reconnecting|catching-up/);
  // The network is in fact there: socket.io's own retry reconnects, the client resyncs, the dialog goes.
  await expect(lost).toBeHidden({ timeout: 10_000 });
  console.log(`reconnected (new websocket) ${(await closed) - at} ms after the offline event`);
  await expect(a).toHaveURL(/\/lobby$/);
  await expect(a.getByTestId('online-lobby')).toBeVisible();
  await a.context().close();
});
