/**
 * Chat in the game (ARCHITECTURE §7.4: messages, how far they have been read, and the indicator): two people
 * in an online game against the real server. Bob writes while Alice is on the board; her chat button
 * lights; she reads it in the drawer without leaving /game, the light goes out, Escape gives the focus
 * back to the button. After a reload it stays out (what she read is kept per lobby); Bob's next message
 * lights it again. Emoji are plain text: nothing is fetched from any other origin to draw them.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE, DESKTOP, newPerson, onlineView, seatTwoPeople } from './helpers';

/** Waits until `page` may act for `country` (its turn, every received event shown). */
async function myTurn(page: Page, country: number): Promise<void> {
  await page.waitForFunction((c) => window.fourBanners?.active() === c && !window.fourBanners.botBusy(), country, {
    timeout: 30_000,
  });
}

/** Waits until `page` has folded the lobby up to `seq`. */
async function foldedTo(page: Page, seq: number): Promise<void> {
  await page.waitForFunction((s) => (window.fourBanners?.online()?.seq ?? -1) >= s, seq, { timeout: 20_000 });
}

const rightEdge = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return b.x + b.width;
};
const bottomEdge = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return b.y + b.height;
};

/** Sends `text` from the game screen's chat drawer of `page`, then closes the drawer. */
async function sendFromDrawer(page: Page, text: string): Promise<void> {
  await page.getByTestId('game-chat').click();
  const drawer = page.getByRole('dialog', { name: 'Lobby chat' });
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('chat-input').fill(text);
  await drawer.getByTestId('chat-input').press('Enter');
  await expect(drawer.getByTestId('chat-messages')).toContainText(text);
  await expect(drawer.getByTestId('chat-input')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test('the chat drawer on the board: the unread light, reading it, and no false light after a reload', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const a = await newPerson(browser, 'Alice');
  const b = await newPerson(browser, 'Bob');
  // Every request Alice's page makes, to check that emoji fetch nothing from elsewhere.
  const foreign: string[] = [];
  a.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
  });

  await seatTwoPeople(a, b, ['Alice', 'Bob']);
  await a.getByTestId('online-start').click();
  await expect(a).toHaveURL(/\/game$/);
  await expect(b).toHaveURL(/\/game$/);
  await myTurn(a, 0);

  const button = a.getByTestId('game-chat');
  const light = a.getByTestId('game-chat-unread');
  await expect(button).toBeVisible();
  await expect(light).not.toHaveAttribute('data-unread');

  // Bob writes from his board; Alice, on hers, sees the light.
  const hello = 'Good luck 👋🏰';
  await sendFromDrawer(b, hello);
  await expect(light).toHaveAttribute('data-unread', 'true');
  await expect(button).toHaveAccessibleName('Lobby chat, unread messages');

  // She opens the drawer: still on /game, the message is there, the light goes out.
  await button.click();
  const drawer = a.getByRole('dialog', { name: 'Lobby chat' });
  await expect(drawer).toBeVisible();
  await expect(a).toHaveURL(/\/game$/);
  await expect(a.getByTestId('game')).toBeVisible();
  await expect(drawer.getByTestId('chat-messages')).toContainText(`Bob: ${hello}`);
  await expect(light).not.toHaveAttribute('data-unread');
  // On a wide screen the drawer is on the right, beside the board, and the message box has the focus.
  // (Polled: the drawer slides in.)
  await expect.poll(async () => Math.round(await rightEdge(drawer))).toBe(DESKTOP.width);
  const box = (await drawer.boundingBox())!;
  expect(box.x).toBeGreaterThan(DESKTOP.width / 2);
  await expect(drawer.getByTestId('chat-input')).toBeFocused();
  await a.screenshot({ path: test.info().outputPath('desktop-chat-drawer.png') });

  // Her answer, sent with Enter on her own turn: it goes to the chat and passes no turn.
  await drawer.getByTestId('chat-input').fill('thanks!');
  await drawer.getByTestId('chat-input').press('Enter');
  await expect(drawer.getByTestId('chat-messages')).toContainText('You: thanks!');
  await expect(a.getByRole('dialog').filter({ hasText: 'Are you sure you want to pass the turn?' })).toHaveCount(0);
  await expect(b.getByTestId('game-chat-unread')).toHaveAttribute('data-unread', 'true');

  // Escape closes the drawer and gives the focus back to the chat button.
  await a.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await expect(light).not.toHaveAttribute('data-unread');

  // A reload: once the lobby is folded again, the light stays out.
  const seq = (await onlineView(a))!.seq;
  await a.reload();
  await expect(a.getByTestId('game')).toBeVisible();
  await foldedTo(a, seq);
  await myTurn(a, 0);
  await expect(a.getByTestId('game-chat')).toBeVisible();
  expect((await onlineView(a))!.seq).toBe(seq);
  await expect(a.getByTestId('game-chat-unread')).not.toHaveAttribute('data-unread');

  // Bob's next message lights it again.
  await sendFromDrawer(b, 'your move');
  await expect(a.getByTestId('game-chat-unread')).toHaveAttribute('data-unread', 'true');

  // On a phone the drawer is a sheet from the bottom; reading it there puts the light out as well.
  await a.setViewportSize(PHONE);
  await a.getByTestId('game-chat').click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('chat-messages')).toContainText('Bob: your move');
  await expect(a.getByTestId('game-chat-unread')).not.toHaveAttribute('data-unread');
  await expect.poll(async () => Math.round(await bottomEdge(drawer))).toBe(PHONE.height);
  const sheet = (await drawer.boundingBox())!;
  expect(sheet.width).toBeCloseTo(PHONE.width, 0);
  expect(sheet.y).toBeGreaterThan(PHONE.height / 5);
  await a.screenshot({ path: test.info().outputPath('phone-chat-drawer.png') });
  await drawer.getByRole('button', { name: 'Close the chat' }).click();
  await expect(drawer).toBeHidden();
  await expect(a.getByTestId('game-chat')).toBeFocused();

  expect(foreign, 'requests to other origins').toEqual([]);
  await a.context().close();
  await b.context().close();
});
