/**
 * Replays and the admin page against the real server (PROTOCOL §8, ARCHITECTURE §7.8): a short online game of a
 * passing host against a hard bot on a 5×5 map is played to its end, then watched from the Replays list: stepped, scrubbed, and its
 * final state's hash checked against the live client's. An unknown id shows the error page. /admin says
 * the admin API is off on the test server, and on a second server started with ADMIN_TOKEN shows its
 * lobbies and a lobby on the board with its raw events.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { PHONE, createOnlineLobby, newPerson, playPassingGameToEnd, startHostVsHardBot } from './helpers';
import { startRealServer } from './real-server';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

async function replaySeq(page: Page): Promise<number> {
  return Number(await page.getByTestId('replay').getAttribute('data-seq'));
}

test('a finished online game is watched from the Replays list: step, scrub, same final hash', async ({ browser }) => {
  test.setTimeout(180_000);
  // An online game needs a person: the host takes green and only ever passes, so the hard bot on a
  // 5×5 map takes the host's land and wins; the server plays the bot. The server says when the game
  // is over; until then the host passes whenever it is green's turn.
  const { host, lobbyId } = await startHostVsHardBot(browser);
  const { lastSeq, live } = await playPassingGameToEnd(host, lobbyId);
  expect(live.seq).toBe(lastSeq);

  // Another visitor finds it in the Replays list.
  const viewer = await newPerson(browser, 'Viewer');
  await viewer.goto('/main-menu');
  await viewer.getByTestId('replays').click();
  await expect(viewer).toHaveURL(/\/saves\?tab=replays/);
  const row = viewer.locator(`[data-testid="replay-row"][data-game-id="${lobbyId}"]`);
  await expect(row).toContainText('won');
  await viewer.screenshot({ path: `${OUT}desktop-replays.png` });
  await row.getByTestId('open-replay').click();
  await expect(viewer).toHaveURL(new RegExp(`/replay/${lobbyId}`));
  const replay = viewer.getByTestId('replay');
  await expect(replay).toBeVisible();
  const start = await replaySeq(viewer);

  // Step forward and back one event.
  await viewer.getByTestId('replay-forward').click();
  await expect(replay).toHaveAttribute('data-seq', String(start + 1));
  await viewer.getByTestId('replay-forward').click();
  await expect(replay).toHaveAttribute('data-seq', String(start + 2));
  await viewer.getByTestId('replay-back').click();
  await expect(replay).toHaveAttribute('data-seq', String(start + 1));
  await expect(viewer).toHaveURL(new RegExp(`seq=${start + 1}`));

  // Scrub: a click in the middle of the bar lands somewhere in the middle of the game.
  const bar = viewer.getByTestId('replay-scrubber');
  const box = (await bar.boundingBox())!;
  await viewer.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => replaySeq(viewer)).toBeGreaterThan(start + 2);
  const middle = await replaySeq(viewer);
  expect(middle).toBeLessThan(lastSeq);

  // Play a little, then pause.
  await viewer.getByTestId('replay-play').click();
  await expect.poll(() => replaySeq(viewer)).toBeGreaterThan(middle);
  await viewer.getByTestId('replay-play').click();
  await viewer.screenshot({ path: `${OUT}desktop-replay.png` });

  // The end: the winner, and the same state the live client folded.
  await viewer.getByTestId('replay-end').click();
  await expect(replay).toHaveAttribute('data-seq', String(lastSeq));
  await expect(replay).toHaveAttribute('data-over', 'true');
  await expect(viewer.getByTestId('replay-whose')).toContainText('wins');
  expect(await replay.getAttribute('data-hash')).toBe(live.stateHash);
  await viewer.screenshot({ path: `${OUT}desktop-replay-end.png` });

  // A deep link opens at that seq; the start button goes back to the game's start.
  await viewer.goto(`/replay/${lobbyId}?seq=${middle}`);
  await expect(replay).toHaveAttribute('data-seq', String(middle));
  await viewer.getByTestId('replay-start').click();
  await expect(replay).toHaveAttribute('data-seq', String(start));
  // Keys: → steps, End jumps to the end.
  await viewer.keyboard.press('ArrowRight');
  await expect(replay).toHaveAttribute('data-seq', String(start + 1));
  await viewer.keyboard.press('End');
  await expect(replay).toHaveAttribute('data-seq', String(lastSeq));
  await viewer.setViewportSize(PHONE);
  await viewer.goto(`/replay/${lobbyId}?seq=${middle}`);
  await expect(replay).toBeVisible();
  await viewer.waitForTimeout(300);
  await viewer.screenshot({ path: `${OUT}phone-replay.png` });
  await viewer.goto('/saves?tab=replays');
  await expect(row).toBeVisible();
  await viewer.screenshot({ path: `${OUT}phone-replays.png` });

  await viewer.context().close();
  await host.context().close();
});

test('an unknown replay id shows the error page', async ({ browser }) => {
  const page = await newPerson(browser, 'Visitor');
  await page.goto('/replay/no-such-game');
  const error = page.getByTestId('replay-error');
  await expect(error).toContainText('No such game');
  await error.getByRole('link', { name: 'All replays' }).click();
  await expect(page).toHaveURL(/\/saves\?tab=replays/);
  await page.context().close();
});

test('with the server out of reach, the Replays tab and a replay say so kindly', async ({ browser }) => {
  const page = await newPerson(browser, 'Offline');
  await page.route('**/api/games**', (route) => route.abort('internetdisconnected'));
  await page.goto('/saves?tab=replays');
  await expect(page.getByTestId('replays-error')).toContainText('You are offline');
  await expect(page.getByTestId('replays-error')).toContainText(
    'Your saved games and games against bots still work offline.',
  );
  await page.goto('/replay/SOMEID');
  await expect(page.getByTestId('replay-error')).toContainText('The server is out of reach');
  await expect(page.getByTestId('replay-error').getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.context().close();
});

test('/admin says when the admin API is off', async ({ page }) => {
  await page.goto('/admin');
  const error = page.getByTestId('admin-error');
  await expect(error).toHaveAttribute('data-status', '503');
  await expect(error).toContainText('The admin API is off: start the server with ADMIN_TOKENS (or ADMIN_TOKEN) set.');
});

test('/admin with ADMIN_TOKEN: a wrong token is refused, the right one shows lobbies and a lobby on the board', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startRealServer(Number(process.env.E2E_ADMIN_PORT ?? 4174), undefined, {
    ADMIN_TOKEN: 'e2e-admin-secret',
  });
  try {
    const page = await newPerson(browser, 'Admin', server.url);
    const lobbyId = await createOnlineLobby(page);

    await page.goto('/admin');
    await expect(page.getByTestId('admin-needs-token')).toBeVisible();
    await page.getByTestId('admin-token').fill('wrong');
    await page.getByTestId('admin-token-save').click();
    const error = page.getByTestId('admin-error');
    await expect(error).toHaveAttribute('data-status', '401');

    await page.getByTestId('admin-token').fill('e2e-admin-secret');
    await page.getByTestId('admin-token-save').click();
    await expect(page.getByTestId('admin-name')).toHaveText('admin');
    await expect(page.getByTestId('admin-lobbies')).toContainText(lobbyId);
    expect(await page.evaluate(() => sessionStorage.getItem('admin-token'))).toBe('e2e-admin-secret');
    expect(await page.evaluate(() => localStorage.getItem('admin-token'))).toBeNull();

    await page.getByTestId('admin-lobby-row').filter({ hasText: lobbyId }).getByTestId('admin-lobby-link').click();
    await expect(page.getByTestId('replay')).toBeVisible();
    await page.getByTestId('admin-event').first().click();
    await expect(page.getByTestId('replay')).toHaveAttribute('data-seq', '1');
    await page.getByTestId('admin-raw-open').click();
    await expect(page.getByTestId('admin-raw-json')).toContainText('"lobby-created"');
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${OUT}desktop-admin.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}phone-admin.png`, fullPage: true });
    await page.context().close();
  } finally {
    await server.close();
  }
});
