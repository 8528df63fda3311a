/**
 * The admin console (issue 18; OPERATIONS §11.5, PROTOCOL §4.9, §8.4) against the real server with two
 * named tokens, one read-only. An operator finds a person by name, opens their game, picks a fight and
 * sees it on the board, follows the game live, removes a chat message and closes the lobby, and the
 * players see each of these happen; a read-only token sees no moderation control; a player's report
 * waits in the queue with its moment. Axe scans every console page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import {
  createOnlineLobby,
  joinOnlineLobby,
  newPerson,
  onlineView,
  passTurn,
  playTurn,
  seatHardBotOn5x5,
  seatTwoPeople,
} from './helpers';
import { startRealServer, type RealServer } from './real-server';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const OPS = 'ops-e2e-token-1';
const VIEWER = 'viewer-e2e-token-1';
const SEVERE = new Set(['serious', 'critical']);

let server: RealServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startRealServer(Number(process.env.E2E_CONSOLE_PORT ?? 4470), process.env.E2E_WEB_DIST, {
    ADMIN_TOKENS: `ops:${OPS},viewer:${VIEWER}:read`,
  });
});
test.afterAll(async () => {
  await server?.close();
});

/** Axe's serious and critical findings on the page as it is now (0 expected), soft so every page is reported. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForTimeout(350);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter((v) => v.impact && SEVERE.has(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(found, `${label}: serious/critical axe violations`).toEqual([]);
}

/** An operator's page with `token` entered on /admin. */
async function operator(browser: Browser, token: string, name: string): Promise<Page> {
  const page = await newPerson(browser, 'Operator', server.url);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-needs-token')).toBeVisible();
  await page.getByTestId('admin-token').fill(token);
  await page.getByTestId('admin-token-save').click();
  await expect(page.getByTestId('admin-name')).toHaveText(name);
  return page;
}

/** Sends `text` from the game screen's chat drawer, then closes the drawer. */
async function sendFromDrawer(page: Page, text: string): Promise<void> {
  await page.getByTestId('game-chat').click();
  const drawer = page.getByRole('dialog', { name: 'Lobby chat' });
  await drawer.getByTestId('chat-input').fill(text);
  await drawer.getByTestId('chat-input').press('Enter');
  await expect(drawer.getByTestId('chat-messages')).toContainText(text);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** Fills the action modal's reason (and nothing else) and confirms. */
async function confirmAction(page: Page, reason: string): Promise<void> {
  const modal = page.getByRole('dialog');
  await modal.getByTestId('admin-action-reason').fill(reason);
  await modal.getByTestId('admin-action-confirm').click();
  await expect(modal).toBeHidden();
}

/** The person whose turn it is of `pages` (green, purple), once their page may act; null while the bot plays. */
async function mover(pages: readonly Page[]): Promise<Page | null> {
  for (const [i, p] of pages.entries()) {
    const mine = await p.evaluate((c) => window.fourBanners?.active() === c && !window.fourBanners.botBusy(), i);
    if (mine) return p;
  }
  return null;
}

const shownSeq = async (page: Page) => Number(await page.getByTestId('replay').getAttribute('data-seq'));

test('an operator finds a person by name, sees a fight, follows live, removes a chat message and closes the lobby; the players see it (PROTOCOL §4.9)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ana = await newPerson(browser, 'Orsolya', server.url);
  const bo = await newPerson(browser, 'Bram', server.url);
  for (const p of [ana, bo]) await p.addInitScript(() => localStorage.setItem('bot-speed', 'instant'));
  const lobbyId = await seatTwoPeople(ana, bo, ['Orsolya', 'Bram']);
  await seatHardBotOn5x5(ana, 2, bo);
  await ana.getByTestId('online-start').click();
  await expect(ana).toHaveURL(/\/game/);
  await expect(bo).toHaveURL(/\/game/);
  const spam = 'buy cheap gold at example dot com';
  await sendFromDrawer(ana, spam);

  // Find: the counts, then the person by part of her name.
  const op = await operator(browser, OPS, 'ops');
  await expect(op.getByTestId('admin-can-moderate')).toHaveText('can moderate');
  await expect(op.getByTestId('admin-count-running')).toHaveText('1');
  await op.getByTestId('admin-search').fill('orsol');
  await op.getByTestId('admin-search-go').click();
  await expect(op).toHaveURL(/q=orsol/);
  await expect(op.getByTestId('admin-lobby-row')).toHaveCount(1);
  await expect(op.getByTestId('admin-lobby-row')).toContainText('Bram');
  await expect(op.getByTestId('admin-total')).toContainText('of 1');
  await op.screenshot({ path: `${OUT}desktop-admin-console.png` });
  await expectAccessible(op, '/admin lobbies');
  await op.getByTestId('admin-lobby-link').click();

  // See: the board, the people with ids, the chat with its text.
  await expect(op).toHaveURL(new RegExp(`/admin/lobby/${lobbyId}`));
  const replay = op.getByTestId('replay');
  await expect(replay).toBeVisible();
  await expect(replay).toHaveAttribute('data-live', 'following');
  const anaId = (await onlineView(ana))!.playerId;
  await expect(op.getByTestId('admin-seat').filter({ hasText: 'Orsolya' })).toContainText(anaId);
  await expect(op.getByTestId('admin-chat')).toContainText(spam);

  // Follow: the players play (banners, moves, attacks) while the bot plays too; each seq a player reaches
  // reaches the console without a reload, until someone has fought.
  const deadline = Date.now() + 120_000;
  while ((await op.getByTestId('admin-fight').count()) === 0) {
    expect(Date.now(), 'a fight happens').toBeLessThan(deadline);
    const p = await mover([ana, bo]);
    if (!p) {
      await op.waitForTimeout(150);
      continue;
    }
    await playTurn(p);
    await passTurn(p);
    const seen = (await onlineView(p))!.seq;
    await expect.poll(() => shownSeq(op), { timeout: 15_000 }).toBeGreaterThanOrEqual(seen);
  }

  // A fight, picked from the list, on the board: the fight card with its dice over the map.
  await op.getByTestId('admin-follow').uncheck();
  const fight = op.getByTestId('admin-fight').first();
  const fightSeq = Number(await fight.getAttribute('data-seq'));
  await fight.click();
  await expect(replay).toHaveAttribute('data-seq', String(fightSeq));
  await expect(op.getByTestId('fight-card')).toBeVisible();
  await expect(op.getByTestId('replay-event')).toBeVisible();
  await op.screenshot({ path: `${OUT}desktop-admin-lobby.png` });
  await expectAccessible(op, '/admin/lobby/<id> at a fight');

  // The raw event of that seq, one click away.
  await op.getByTestId('admin-raw-open').click();
  await expect(op.getByTestId('admin-raw-json')).toContainText(`"seq": ${fightSeq}`);
  await expect(op.getByTestId('admin-raw-json')).toContainText('"move_unit"');
  await op.keyboard.press('Escape');

  // Not following: a pass shows as "N new events"; following again jumps to the newest and keeps up.
  let p = await mover([ana, bo]);
  for (let i = 0; !p && i < 100; i++) {
    await op.waitForTimeout(150);
    p = await mover([ana, bo]);
  }
  expect(p, 'a person may act').not.toBeNull();
  await passTurn(p!);
  await expect(op.getByTestId('admin-new-events')).toBeVisible();
  await expect(replay).toHaveAttribute('data-seq', String(fightSeq));
  await op.getByTestId('admin-follow').check();
  await expect.poll(() => shownSeq(op)).toBeGreaterThanOrEqual((await onlineView(p!))!.seq);

  // Remove the message: Bram's chat no longer shows its text.
  await bo.getByTestId('game-chat').click();
  const boChat = bo.getByRole('dialog', { name: 'Lobby chat' }).getByTestId('chat-messages');
  await expect(boChat).toContainText(spam);
  await op.getByTestId('admin-chat-line').filter({ hasText: spam }).getByTestId('admin-remove-chat').click();
  await confirmAction(op, 'Advertising');
  await expect(op.getByTestId('admin-chat')).not.toContainText(spam);
  await expect(op.getByTestId('admin-chat')).toContainText('(removed)');
  await expect(boChat).not.toContainText(spam);

  // The log still agrees with itself after the removal.
  await op.getByTestId('admin-verify').click();
  await expect(op.getByTestId('admin-verify-result')).toHaveAttribute('data-consistent', 'true');

  // The export (a download through a Blob URL) is the log: one event a line, the removed text blank.
  const [download] = await Promise.all([op.waitForEvent('download'), op.getByTestId('admin-export').click()]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines.length).toBeGreaterThan(fightSeq);
  expect(lines.join('\n')).not.toContain(spam);

  // Close the lobby: both players are out of it, and told.
  await op.getByTestId('admin-close').click();
  await confirmAction(op, 'Closed by the moderators');
  for (const player of [ana, bo]) {
    await expect(player.getByTestId('moderated-message')).toHaveText(
      'A moderator closed this lobby: Closed by the moderators',
    );
    await expect.poll(() => onlineView(player)).toBeNull();
  }
  await expect(op.getByTestId('admin-close')).toHaveCount(0);

  // The audit log names the operator and both actions.
  await op.goto('/admin?tab=audit');
  const audit = op.getByTestId('admin-audit');
  await expect(audit.getByTestId('admin-audit-row').filter({ hasText: 'Advertising' })).toContainText('ops');
  await expect(audit.getByTestId('admin-audit-row').filter({ hasText: 'Closed by the moderators' })).toContainText(
    lobbyId,
  );
  await op.screenshot({ path: `${OUT}desktop-admin-audit.png` });
  await expectAccessible(op, '/admin?tab=audit');
  for (const page of [ana, bo, op]) await page.context().close();
});

test('a read-only token sees everything but no moderation control (PROTOCOL §4.9)', async ({ browser }) => {
  const host = await newPerson(browser, 'Quinn', server.url);
  const lobbyId = await createOnlineLobby(host);
  const viewer = await operator(browser, VIEWER, 'viewer');
  await expect(viewer.getByTestId('admin-can-moderate')).toHaveText('read-only');
  await viewer.goto(`/admin/lobby/${lobbyId}`);
  await expect(viewer.getByTestId('admin-seat').filter({ hasText: 'Quinn' })).toBeVisible();
  await expect(viewer.getByTestId('admin-verify')).toBeVisible();
  for (const control of ['admin-close', 'admin-remove-seat', 'admin-mute', 'admin-ban-identity']) {
    await expect(viewer.getByTestId(control), control).toHaveCount(0);
  }
  await viewer.goto('/admin?tab=sanctions');
  await expect(viewer.getByTestId('admin-sanctions')).toBeVisible();
  await expect(viewer.getByTestId('admin-ban-open')).toHaveCount(0);
  await expectAccessible(viewer, '/admin?tab=sanctions (read-only)');

  // The same lobby with the moderating token: the controls are there.
  const ops = await operator(browser, OPS, 'ops');
  await ops.goto(`/admin/lobby/${lobbyId}`);
  await expect(ops.getByTestId('admin-close')).toBeVisible();
  await expect(ops.getByTestId('admin-seat').filter({ hasText: 'Quinn' }).getByTestId('admin-mute')).toBeVisible();
  for (const page of [host, viewer, ops]) await page.context().close();
});

test('a report a player sends waits in the queue and opens the lobby at its moment (PROTOCOL §4.9)', async ({
  browser,
}) => {
  const target = await newPerson(browser, 'Tamsin', server.url);
  const reporter = await newPerson(browser, 'Rhys', server.url);
  const lobbyId = await createOnlineLobby(target);
  await joinOnlineLobby(reporter, lobbyId);
  await expect(target.getByTestId('online-seat-1')).toContainText('Rhys');
  const targetId = (await onlineView(target))!.playerId;
  const { seq } = (await onlineView(reporter))!;

  // Rhys reports Tamsin over a socket.io connection of his own identity (his page's report dialog is the players' side).
  const identity = await reporter.evaluate(() => JSON.parse(localStorage.getItem('online-identity') ?? '{}'));
  const socket = io(server.url, { path: '/api/socket', transports: ['websocket'], auth: identity });
  try {
    const answer = await socket
      .timeout(10_000)
      .emitWithAck('client-report', { playerId: targetId, reason: 'abuse', note: 'called me names' });
    expect(answer).toEqual({ ok: true });
  } finally {
    socket.close();
  }

  const op = await operator(browser, OPS, 'ops');
  await expect(op.getByTestId('admin-count-reports')).toHaveText('1');
  await op.getByTestId('admin-tab-reports').click();
  const row = op.getByTestId('admin-report-row').filter({ hasText: 'called me names' });
  await expect(row).toContainText('Rhys → Tamsin');
  await expect(row).toContainText('abuse');
  await expect(row).toContainText(targetId);
  await op.screenshot({ path: `${OUT}desktop-admin-reports.png` });
  await expectAccessible(op, '/admin?tab=reports');
  await row.getByTestId('admin-report-moment').click();
  await expect(op).toHaveURL(new RegExp(`/admin/lobby/${lobbyId}`));
  await expect(op.getByTestId('admin-lobby-panel')).toBeVisible();
  await expect(op.getByTestId('replay')).toHaveAttribute('data-seq', String(seq));

  await op.goto('/admin?tab=reports');
  await op
    .getByTestId('admin-report-row')
    .filter({ hasText: 'called me names' })
    .getByTestId('admin-report-dismiss')
    .click();
  await confirmAction(op, 'Banter between friends');
  await expect(op.getByTestId('admin-report-row')).toHaveCount(0);
  await expect(op.getByTestId('admin-count-reports')).toHaveText('0');
  for (const page of [target, reporter, op]) await page.context().close();
});

test('an operator mutes a person from their seat, lifts it from the sanctions, and bans an address by hand (PROTOCOL §4.9)', async ({
  browser,
}) => {
  const host = await newPerson(browser, 'Ulla', server.url);
  const lobbyId = await createOnlineLobby(host);
  const op = await operator(browser, OPS, 'ops');
  await op.goto(`/admin/lobby/${lobbyId}`);
  await op.getByTestId('admin-seat').filter({ hasText: 'Ulla' }).getByTestId('admin-mute').click();
  const modal = op.getByRole('dialog');
  await modal.getByTestId('admin-action-minutes').fill('30');
  await confirmAction(op, 'Shouting in chat');
  // The seat says muted once the detail is read again, and the lobby's players see the mute in the log.
  await expect(op.getByTestId('admin-seat').filter({ hasText: 'Ulla' })).toContainText('muted');
  await expect(op.getByTestId('admin-events')).toContainText('moderator · mute Ulla (Shouting in chat)');

  await op.goto('/admin?tab=sanctions');
  const mute = op.getByTestId('admin-sanction-row').filter({ hasText: 'Shouting in chat' });
  await expect(mute).toContainText('mute');
  await expect(mute).toContainText(lobbyId);
  await expect(mute).toContainText('ops');

  // A ban by hand, of an address from the documentation range (nobody's).
  await op.getByTestId('admin-ban-target').fill('203.0.113.7');
  await op.getByTestId('admin-ban-open').click();
  await confirmAction(op, 'Scripted joins');
  await expect(op.getByTestId('admin-sanction-row').filter({ hasText: '203.0.113.7' })).toContainText('until lifted');
  await expect(op.getByTestId('admin-count-bans')).toHaveText('1');
  await op.screenshot({ path: `${OUT}desktop-admin-sanctions.png` });
  await expectAccessible(op, '/admin?tab=sanctions');

  await mute.getByTestId('admin-sanction-lift').click();
  await confirmAction(op, 'Calmed down');
  await expect(op.getByTestId('admin-sanction-row').filter({ hasText: 'Shouting in chat' })).toHaveCount(0);
  await op.getByText('History', { exact: true }).click();
  await expect(op.getByTestId('admin-sanction-row').filter({ hasText: 'Shouting in chat' })).toContainText(
    'lifted by ops',
  );
  for (const page of [host, op]) await page.context().close();
});
