/**
 * Moderation as players meet it (PROTOCOL §4.9, §2.4), against the real server with an operator token:
 * a player reports another from a chat message and the report reaches the operators' queue; a removed
 * message reads "Message removed by a moderator" for both players, also after a reload; a muted player sees
 * the notice and cannot chat; a removed player is told why and the other plays on against the bot in the
 * seat; a closed lobby tells everyone the reason; a banned identity sees the banned notice on reload. Axe
 * scans the report dialog; the dialog and the notices are screenshotted.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { newPerson, onlineView, passTurn, seatTwoPeople } from './helpers';
import { startRealServer, type RealServer } from './real-server';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const PORT = 4480;
const TOKEN = 'e2e-moderation-operator-token';
const SEVERE = new Set(['serious', 'critical']);

let server: RealServer;

test.beforeAll(async () => {
  // Sanctions reach every connection within a second, so a ban lands while the test watches.
  server = await startRealServer(PORT, process.env.E2E_WEB_DIST, {
    ADMIN_TOKENS: `ops:${TOKEN}`,
    SANCTIONS_REFRESH_SECONDS: '1',
  });
});
test.afterAll(async () => {
  await server?.close();
});

/** An operator's POST to the admin API; fails the test unless it is answered 2xx. */
async function moderate(path: string, body: object): Promise<unknown> {
  const res = await fetch(`${server.url}/api/admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `POST ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
}

/** Ada (green, the admin) and Ben (purple) seated in a new lobby, each in their own browser; with their ids. */
async function twoPlayers(browser: import('@playwright/test').Browser) {
  const ada = await newPerson(browser, 'Ada', server.url);
  const ben = await newPerson(browser, 'Ben', server.url);
  const lobbyId = await seatTwoPeople(ada, ben, ['Ada', 'Ben']);
  const adaId = (await onlineView(ada))!.playerId;
  const benId = (await onlineView(ben))!.playerId;
  return { ada, ben, lobbyId, adaId, benId };
}

/** `page` sends `text` in the chat on screen; returns the message's seq once `seen` shows it. */
async function say(page: Page, text: string, seen: Page): Promise<number> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  const line = seen.getByTestId('chat-messages').locator('.fb-chat-line', { hasText: text });
  await expect(line).toBeVisible();
  return Number(await line.getAttribute('data-seq'));
}

/** The serious and critical axe violations on the page now, one line per rule. */
async function severeViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(350); // let the dialog finish its transition
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact && SEVERE.has(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function closeAll(...pages: Page[]): Promise<void> {
  for (const p of pages) await p.context().close();
}

test('a player reports another from a chat message: the report reaches the operators, by keyboard and screen reader', async ({
  browser,
}) => {
  const { ada, ben, lobbyId, benId } = await twoPlayers(browser);
  // Ben's seat offers a Report; Ada's own does not.
  await expect(ada.getByTestId('online-seat-1').getByRole('button', { name: 'Report Ben' })).toBeVisible();
  await expect(ada.getByTestId('report-0')).toHaveCount(0);
  const seq = await say(ben, 'you are all hopeless', ada);
  // Ada's own messages carry no Report; Ben's do.
  await say(ada, 'be nice', ada);
  await expect(
    ada.getByTestId('chat-messages').locator('.fb-chat-line', { hasText: 'be nice' }).getByTestId('chat-report'),
  ).toHaveCount(0);

  await ada
    .getByTestId('chat-messages')
    .locator('.fb-chat-line', { hasText: 'you are all hopeless' })
    .getByRole('button', { name: 'Report this message from Ben' })
    .click();
  const dialog = ada.getByRole('dialog', { name: 'Report Ben' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('report-send')).toBeDisabled();
  // Labelled controls: the reason by its words, the note by its label, with the count.
  await dialog.getByRole('radio', { name: 'Abuse: insults, threats or hate' }).check();
  await dialog.getByLabel('Anything the operators should know? (optional)').fill('Insults everyone every turn.');
  await expect(dialog).toContainText('28 / 300 characters');
  const found = await severeViolations(ada);
  expect(found, `the report dialog: serious/critical axe violations\n  ${found.join('\n  ')}`).toEqual([]);
  await ada.screenshot({ path: `${OUT}moderation-report-dialog.png` });

  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByTestId('report-thanks')).toHaveText('Thanks — the operators will look at it.');
  await ada.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const res = await fetch(`${server.url}/api/admin/reports`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const page = (await res.json()) as {
    items: { lobbyId: string; targetId: string; reason: string; seq: number; note: string }[];
  };
  expect(page.items).toContainEqual(
    expect.objectContaining({ lobbyId, targetId: benId, reason: 'abuse', seq, note: 'Insults everyone every turn.' }),
  );
  await closeAll(ada, ben);
});

test('a message a moderator removed reads as removed for both players, and after a reload', async ({ browser }) => {
  const { ada, ben, lobbyId } = await twoPlayers(browser);
  const seq = await say(ben, 'something nasty', ada);
  await moderate(`/lobbies/${lobbyId}/remove-chat`, { seq, reason: 'insult' });
  for (const page of [ada, ben]) {
    const line = page.locator(`.fb-chat-line[data-seq="${seq}"]`);
    await expect(line).toContainText('Message removed by a moderator');
    await expect(line).not.toContainText('something nasty');
    await expect(line.getByTestId('chat-report')).toHaveCount(0);
  }
  await ada.getByTestId('chat-panel').screenshot({ path: `${OUT}moderation-removed-message.png` });
  await ada.reload();
  await expect(ada.locator(`.fb-chat-line[data-seq="${seq}"]`)).toContainText('Message removed by a moderator');
  await expect(ada.getByText('something nasty')).toHaveCount(0);
  await closeAll(ada, ben);
});

test('a muted player sees until when and why, and their chat is refused', async ({ browser }) => {
  const { ada, ben, lobbyId, adaId, benId } = await twoPlayers(browser);
  // A mute in this lobby is logged there: Ben's chat box says so and is disabled.
  await moderate('/mutes', { playerId: benId, lobbyId, minutes: 10, reason: 'flooding the chat' });
  await expect(ben.getByTestId('chat-notice')).toHaveText(/^You are muted until \d\d:\d\d: flooding the chat$/);
  await expect(ben.getByTestId('chat-input')).toBeDisabled();
  await ben.getByTestId('chat-panel').screenshot({ path: `${OUT}moderation-muted.png` });
  // Ada can still chat.
  await say(ada, 'still here', ben);

  // A mute everywhere is not logged in the lobby: the server refuses the chat, and the box says why.
  await moderate('/mutes', { playerId: adaId, lobbyId: null, minutes: 10, reason: 'spamming everywhere' });
  await ada.getByTestId('chat-input').fill('hello?');
  await ada.getByTestId('chat-send').click();
  await expect(ada.getByTestId('chat-notice')).toBeVisible();
  await expect(ada.getByTestId('chat-notice')).toContainText(/muted/i);
  await expect(ada.getByTestId('chat-input')).toHaveValue('hello?');
  await expect(ben.getByText('hello?')).toHaveCount(0);
  await closeAll(ada, ben);
});

test('a player removed by a moderator is told why; the other plays on against the bot in the seat', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ada, ben, lobbyId, benId } = await twoPlayers(browser);
  await ada.getByTestId('online-start').click();
  await expect(ada).toHaveURL(/\/game$/);
  await expect(ben).toHaveURL(/\/game$/);

  // Ada's players panel offers to report Ben, not herself.
  await expect(ada.getByRole('button', { name: 'Report Ben' })).toBeVisible();
  await expect(ada.getByTestId('players-report-0')).toHaveCount(0);
  await ada.screenshot({ path: `${OUT}moderation-players-panel-report.png` });

  await moderate(`/lobbies/${lobbyId}/remove-seat`, { playerId: benId, reason: 'cheating' });
  await expect(ben.getByTestId('moderated-message')).toHaveText('A moderator removed you from this game: cheating');
  await expect(ben).not.toHaveURL(/\/game$/);
  await ben.waitForTimeout(350); // the dialog's transition, for the screenshot
  await ben.screenshot({ path: `${OUT}moderation-removed-player.png` });
  await ben.getByRole('button', { name: 'OK' }).click();
  expect(await onlineView(ben)).toBeNull();

  // Ada sees the feed line and a bot on purple, which plays its turns.
  await expect(ada.getByText(/A moderator removed Ben: a bot plays on \(cheating\)/)).toBeVisible();
  await expect(ada.getByTestId('players-row-1')).toContainText(/Bot/);
  await expect(ada.getByTestId('players-report-1')).toHaveCount(0);
  const before = (await onlineView(ada))!.seq;
  await ada.waitForFunction(() => window.fourBanners?.active() === 0, null, { timeout: 30_000 });
  await passTurn(ada);
  // The bot's turn passes back to Ada.
  await ada.waitForFunction(() => window.fourBanners?.active() === 0 && !window.fourBanners.botBusy(), null, {
    timeout: 60_000,
  });
  expect((await onlineView(ada))!.seq).toBeGreaterThan(before + 1);
  await closeAll(ada, ben);
});

test('a lobby a moderator closed tells everyone the reason', async ({ browser }) => {
  const { ada, ben, lobbyId } = await twoPlayers(browser);
  await moderate(`/lobbies/${lobbyId}/close`, { reason: 'offensive lobby' });
  for (const page of [ada, ben]) {
    await expect(page.getByTestId('moderated-message')).toHaveText('A moderator closed this lobby: offensive lobby');
    await expect.poll(() => onlineView(page)).toBeNull();
  }
  await ada.waitForTimeout(350); // the dialog's transition, for the screenshot
  await ada.screenshot({ path: `${OUT}moderation-closed.png` });
  await closeAll(ada, ben);
});

test('a banned identity sees the banned notice with the reason, as the ban lands and on reload, not a reconnecting spinner', async ({
  browser,
}) => {
  const { ada, ben, benId } = await twoPlayers(browser);
  await moderate('/bans', { target: { identity: benId }, reason: 'repeated abuse' });
  // The server drops Ben's connection; the app comes back once and learns why.
  const notice = ben.getByTestId('banned-notice');
  await expect(notice).toContainText('repeated abuse', { timeout: 20_000 });
  const found = await severeViolations(ben);
  expect(found, `the banned notice: serious/critical axe violations\n  ${found.join('\n  ')}`).toEqual([]);
  await expect(ben.getByRole('dialog')).toHaveCount(0);
  await ben.reload();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('repeated abuse');
  await expect(ben.getByTestId('reconnecting')).toHaveCount(0);
  await ben.screenshot({ path: `${OUT}moderation-banned.png` });
  // "Try again" asks once more, and is refused the same way; the notice can be put away for offline play.
  await ben.getByTestId('banned-retry').click();
  await expect(notice).toContainText('repeated abuse');
  await ben.getByRole('button', { name: 'Hide this notice' }).click();
  await expect(notice).toBeHidden();
  await closeAll(ada, ben);
});
