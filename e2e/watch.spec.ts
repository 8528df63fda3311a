/**
 * Live spectating and online rematch (issue 10): two people and a hard bot play a small online game
 * while a third browser watches it at /watch/$lobbyId. At every step the watcher's folded state equals
 * the players'; the watcher has no way to act; the players see one watcher. When the game is over the
 * admin opens a rematch and the other person joins it with one click, back on their colour.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { listedGame, newPerson, onlineView, passTurn, PHONE, seatHardBotOn5x5, seatTwoPeople } from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

const watched = async (page: Page) => {
  const root = page.getByTestId('replay');
  return { seq: Number(await root.getAttribute('data-seq')), hash: await root.getAttribute('data-hash') };
};

test('a third browser watches an online game live: same state at every step, no acting; then a rematch', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const ana = await newPerson(browser, 'Ana');
  const bo = await newPerson(browser, 'Bo');
  for (const p of [ana, bo]) await p.addInitScript(() => localStorage.setItem('bot-speed', 'instant'));
  const lobbyId = await seatTwoPeople(ana, bo, ['Ana', 'Bo']);
  await seatHardBotOn5x5(ana, 2, bo);

  // The watcher opens the link before the game starts: the lobby's events come with the watch.
  const cy = await newPerson(browser, 'Cy');
  await cy.goto(`/watch/${lobbyId}`);
  const replay = cy.getByTestId('replay');
  await expect(replay).toBeVisible();
  await expect(replay).toHaveAttribute('data-live', /.*/);
  // The players see one person watching.
  await expect(ana.getByTestId('watchers')).toContainText('1');

  await ana.getByTestId('online-start').click();
  await expect(ana).toHaveURL(/\/game/);
  await expect(bo).toHaveURL(/\/game/);
  await expect(ana.getByTestId('watchers')).toContainText('1');

  // Ana and Bo only pass; the hard bot takes the map. After every step the watcher has folded the same
  // state as Ana (same seq, same hash): the spectator follows live, in order, with nothing missing.
  const finished = async () => (await listedGame(ana, lobbyId))?.status === 'finished';
  let steps = 0;
  const deadline = Date.now() + 150_000;
  while (!(await finished())) {
    expect(Date.now(), 'the game ends').toBeLessThan(deadline);
    const mover =
      (await ana.evaluate(() => window.fourBanners?.active())) === 0
        ? ana
        : (await bo.evaluate(() => window.fourBanners?.active())) === 1
          ? bo
          : null;
    if (!mover || (await mover.evaluate(() => window.fourBanners?.botBusy() ?? true))) {
      await ana.waitForTimeout(150);
      continue;
    }
    await passTurn(mover);
    const seen = (await onlineView(mover))!.seq;
    // Wait until the watcher holds at least what the mover held, then compare at the watcher's seq.
    await expect.poll(async () => (await watched(cy)).seq, { timeout: 15_000 }).toBeGreaterThanOrEqual(seen);
    const view = await watched(cy);
    await expect.poll(async () => (await onlineView(ana))!.seq, { timeout: 15_000 }).toBeGreaterThanOrEqual(view.seq);
    const a = (await onlineView(ana))!;
    if (a.seq === view.seq) {
      expect(view.hash, `hash at seq ${view.seq}`).toBe(a.stateHash);
      steps += 1;
    }
  }
  expect(steps, 'hashes compared during the game').toBeGreaterThan(2);
  const end = (await (await request.get(`/api/games/${lobbyId}/events?from=1&to=1000`)).json()).lastSeq as number;
  await expect(replay).toHaveAttribute('data-seq', String(end));
  await ana.waitForFunction((seq) => window.fourBanners?.online()?.seq === seq, end);
  expect(await replay.getAttribute('data-hash')).toBe((await onlineView(ana))!.stateHash);
  await expect(replay).toHaveAttribute('data-over', 'true');

  // The watcher cannot act: no pass button, no chat, and a click on the board changes nothing.
  await expect(cy.getByTestId('pass-turn')).toHaveCount(0);
  await expect(cy.getByTestId('game-chat')).toHaveCount(0);
  await cy.locator('.fb-board').click();
  await expect(replay).toHaveAttribute('data-seq', String(end));
  await cy.screenshot({ path: `${OUT}desktop-watch-live.png` });
  await cy.setViewportSize(PHONE);
  await cy.screenshot({ path: `${OUT}phone-watch-live.png` });

  // Rematch: Ana (the admin) opens it from her game-over dialog; Bo joins from his with one click, on
  // purple again.
  const anaDialog = ana.getByTestId('modal-player-status');
  await expect(anaDialog.getByTestId('player-status')).toBeVisible();
  await anaDialog.getByTestId('rematch-online').click();
  await expect(ana).toHaveURL(/\/lobby$/);
  const rematchId = (await ana.getByTestId('lobby-id').textContent())!.trim();
  expect(rematchId).not.toBe(lobbyId);
  await expect(ana.getByTestId('online-seat-0')).toContainText('Ana');
  await expect(ana.getByTestId('online-seat-2')).toContainText(/Hard/i);
  await expect(ana.getByTestId('map-w')).toHaveValue('5');
  const boDialog = bo.getByTestId('modal-player-status');
  await expect(boDialog.getByTestId('player-status')).toBeVisible();
  await boDialog.getByTestId('join-rematch').click();
  await expect(bo).toHaveURL(/\/lobby$/);
  await expect(bo.getByTestId('lobby-id')).toHaveText(rematchId);
  await expect(ana.getByTestId('online-seat-1')).toContainText('Bo');
  const fresh = (await onlineView(ana))!;
  expect(fresh.lobbyId).toBe(rematchId);
});
