/**
 * The replay viewer explains a game (issue 10): a finished online game (a passing host against a hard
 * bot on a 5×5 map, played on the real server) is opened at /replay/$gameId and read in words, stepped
 * by event and by turn with the keyboard, sought from the turn box and the chart, and linked to; bad
 * links open at the start with a note. Screenshots of desktop and phone go to test-results/screenshots.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { PHONE, newPerson, playPassingGameToEnd, startHostVsHardBot } from './helpers';

const OUT = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

/** Plays an online game to its end: the host (green) only passes, the server's hard bot takes the 5×5 map. */
async function finishedGame(browser: Browser): Promise<{ lobbyId: string; lastSeq: number; hash: string }> {
  const { host, lobbyId } = await startHostVsHardBot(browser);
  const { lastSeq, live } = await playPassingGameToEnd(host, lobbyId);
  await host.context().close();
  return { lobbyId, lastSeq, hash: live.stateHash };
}

const attr = async (page: Page, name: string) => Number(await page.getByTestId('replay').getAttribute(name));
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Every control lies within the viewport's width (nothing cut off at a side). */
async function controlsFit(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const id of [
    'replay-start',
    'replay-end',
    'replay-play',
    'replay-turn-input',
    'replay-speed',
    'replay-copy-link',
    'replay-scrubber',
    'replay-event',
  ]) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x, id).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, id).toBeLessThanOrEqual(width);
  }
}

test.describe
  .serial('the replay viewer explains a game', () => {
    let game: { lobbyId: string; lastSeq: number; hash: string };
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(180_000);
      game = await finishedGame(browser);
    });

    /** A new visitor's page on the game's replay, open at its start. */
    const openAtStart = async (browser: Browser, name: string): Promise<Page> => {
      const page = await newPerson(browser, name);
      await page.goto(`/replay/${game.lobbyId}`);
      await expect(page.getByTestId('replay')).toHaveAttribute('data-turn', '1');
      return page;
    };

    test('the position, the event and the players in words', async ({ browser }) => {
      const page = await openAtStart(browser, 'Viewer');
      const replay = page.getByTestId('replay');
      const start = await attr(page, 'data-seq');
      await expect(page.getByTestId('replay-event')).toHaveText("Game started · Turn 1: Green's turn");
      await expect(page.getByTestId('replay-position')).toHaveText(
        new RegExp(`^Event ${start} of ${game.lastSeq} · Turn 1 of \\d+$`),
      );

      const players = page.getByRole('region', { name: 'Players' });
      await expect(players.getByTestId('players-row-0')).toContainText('Green');
      await expect(players.getByTestId('players-row-0')).toContainText('Host');
      await expect(players.getByTestId('players-row-0')).toContainText('Their turn');
      await expect(players.getByTestId('players-row-1')).toContainText('Hard Bot');

      // The host passes: the first event after the start says so, and whose turn begins.
      await page.getByTestId('replay-forward').click();
      await expect(page.getByTestId('replay-event')).toHaveText("Green's turn ends · Turn 2: Purple's turn");
      await expect(players.getByTestId('players-row-1')).toContainText('Their turn');

      // The end: the winner, in the caption and the panel, and the same state the live client folded.
      await page.getByTestId('replay-end').click();
      await expect(replay).toHaveAttribute('data-seq', String(game.lastSeq));
      expect(await replay.getAttribute('data-hash')).toBe(game.hash);
      await expect(page.getByTestId('replay-event')).toContainText('Purple wins the game');
      await expect(players.getByTestId('players-row-1')).toContainText('Winner');
      await expect(players.getByTestId('players-row-0')).toContainText('Out');
      await page.context().close();
    });

    test('keys step by event and by turn, Home and End jump, ? lists the keys', async ({ browser }) => {
      const page = await openAtStart(browser, 'Keys');
      const replay = page.getByTestId('replay');
      const start = await attr(page, 'data-seq');

      await page.keyboard.press('Shift+ArrowRight');
      await expect(replay).toHaveAttribute('data-turn', '2');
      await page.keyboard.press('ArrowDown');
      await expect(replay).toHaveAttribute('data-turn', '3');
      await page.keyboard.press('PageDown');
      await expect(replay).toHaveAttribute('data-turn', '4');
      const turn4 = await attr(page, 'data-seq');
      // One event on is still turn 4 (the bot moves); one turn back goes to turn 4's start, then turn 3's.
      await page.keyboard.press('ArrowRight');
      await expect(replay).toHaveAttribute('data-seq', String(turn4 + 1));
      await expect(replay).toHaveAttribute('data-turn', '4');
      await page.keyboard.press('Shift+ArrowLeft');
      await expect(replay).toHaveAttribute('data-seq', String(turn4));
      await page.keyboard.press('ArrowUp');
      await expect(replay).toHaveAttribute('data-turn', '3');
      await page.keyboard.press('PageUp');
      await expect(replay).toHaveAttribute('data-turn', '2');
      await page.keyboard.press('ArrowLeft');
      await expect(replay).toHaveAttribute('data-seq', String(start));
      await page.keyboard.press('End');
      await expect(replay).toHaveAttribute('data-seq', String(game.lastSeq));
      await page.keyboard.press('Home');
      await expect(replay).toHaveAttribute('data-seq', String(start));

      await page.keyboard.press('?');
      await expect(page.getByTestId('replay-keys-help')).toBeVisible();
      await expect(page.getByTestId('replay-keys-help')).toContainText('One turn back / forward');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('replay-keys-help')).toBeHidden();
      await page.context().close();
    });

    test('the turn box and the chart seek; the chart follows the position', async ({ browser }) => {
      const page = await openAtStart(browser, 'Chart');
      const replay = page.getByTestId('replay');

      const box = page.getByTestId('replay-turn-input');
      await box.fill('6');
      await box.press('Enter');
      await expect(replay).toHaveAttribute('data-turn', /^(6|7)$/); // a banner or chest turn opens the turn after it
      await expect(page.getByTestId('replay-event')).toContainText(/Turn (6|7): /);

      const chart = page.getByTestId('replay-chart');
      await expect(chart).toHaveAttribute('aria-valuenow', (await replay.getAttribute('data-turn')) as string);
      const area = (await chart.boundingBox())!;
      await page.mouse.click(area.x + 2, area.y + area.height / 2);
      await expect(replay).toHaveAttribute('data-turn', '1');
      await page.mouse.click(area.x + area.width * 0.6, area.y + area.height / 2);
      await expect.poll(() => attr(page, 'data-turn')).toBeGreaterThan(5);
      const last = Number(await chart.getAttribute('aria-valuemax'));
      expect(await attr(page, 'data-turn')).toBeLessThan(last);
      const marker = Number(await page.getByTestId('replay-chart-marker').getAttribute('x1'));
      expect(marker).toBeGreaterThan(100);

      // Keys on the focused chart move a turn at a time.
      const before = await attr(page, 'data-turn');
      await chart.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => attr(page, 'data-turn')).toBeGreaterThan(before);
      await page.keyboard.press('End');
      await expect(replay).toHaveAttribute('data-seq', String(game.lastSeq));
      await page.getByTestId('replay-chart-metric').getByText('Units').click();
      await expect(chart).toHaveAttribute('data-metric', 'units');
      await expect(page.getByTestId('replay-chart-figure')).toContainText('Units per country');
      await page.screenshot({ path: `${OUT}desktop-replay-viewer.png` });
      await page.context().close();
    });

    test('links: the address follows the position, ?turn= opens a turn, Copy link reopens the moment, bad links open at the start', async ({
      browser,
    }) => {
      const page = await newPerson(browser, 'Links');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(`/replay/${game.lobbyId}?turn=5`);
      const replay = page.getByTestId('replay');
      await expect(replay).toHaveAttribute('data-turn', /^(5|6)$/);
      const seq = await attr(page, 'data-seq');
      await expect(page).toHaveURL(new RegExp(`[?&]seq=${seq}(&|$)`));
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(new RegExp(`[?&]seq=${seq + 1}(&|$)`));

      await page.getByTestId('replay-copy-link').click();
      await expect(page.getByTestId('replay-copy-link')).toHaveAttribute('data-copied', 'true');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toContain(`/replay/${game.lobbyId}?seq=${seq + 1}`);
      const hash = await replay.getAttribute('data-hash');
      const other = await newPerson(browser, 'Friend');
      await other.goto(link);
      await expect(other.getByTestId('replay')).toHaveAttribute('data-seq', String(seq + 1));
      expect(await other.getByTestId('replay').getAttribute('data-hash')).toBe(hash);
      await other.context().close();

      for (const bad of ['?seq=abc', '?turn=-3']) {
        await page.goto(`/replay/${game.lobbyId}${bad}`);
        const note = page.getByTestId('replay-link-note');
        await expect(note).toHaveText("That link's position was not understood; showing the start.");
        await expect(replay).toHaveAttribute('data-turn', '1');
        await expect(page.getByTestId('replay-event')).toHaveText("Game started · Turn 1: Green's turn");
        await expect(page).toHaveURL(/[?&]seq=\d+$/);
        await note.getByRole('button', { name: 'Dismiss' }).click();
        await expect(note).toBeHidden();
      }
      // Beyond the end is understood: it opens at the end.
      await page.goto(`/replay/${game.lobbyId}?turn=99999`);
      await expect(replay).toHaveAttribute('data-seq', String(game.lastSeq));
      await expect(page.getByTestId('replay-link-note')).toHaveCount(0);
      await page.context().close();
    });

    test("the board keeps its size while the event's words grow and shrink, on a desktop and on a phone", async ({
      browser,
    }) => {
      // A board that changes size is repainted whole (ARCHITECTURE §7.11): the words take the same room for
      // a one-line event as for a two-line one (three on a phone). At 1280 px the tools sit beside the words, which
      // wraps the game's last event (who ends, who wins, who is out) whatever the game, so both heights occur.
      for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
        const context = await browser.newContext({ viewport });
        await context.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
        const page = await context.newPage();
        await page.goto(`/replay/${game.lobbyId}`);
        const replay = page.getByTestId('replay');
        await expect(replay).toHaveAttribute('data-turn', '1');
        const boards = new Set<number>();
        const lines = new Set<number>();
        for (let seq = await attr(page, 'data-seq'); seq < game.lastSeq; seq++) {
          await page.keyboard.press('ArrowRight');
          await expect(replay).toHaveAttribute('data-seq', String(seq + 1));
          const { board, words } = await page.evaluate(() => ({
            board: document.querySelector('[data-testid="board"]')!.getBoundingClientRect().height,
            words: document.querySelector('[data-testid="replay-event"]')!.getBoundingClientRect().height,
          }));
          boards.add(Math.round(board));
          lines.add(Math.round(words));
        }
        // The game's events took more than one number of lines, and the board never moved.
        expect(lines.size, `${viewport.width} px: words of one height only`).toBeGreaterThan(1);
        expect([...boards], `${viewport.width} px`).toHaveLength(1);
        await context.close();
      }
    });

    test('on a phone the board leads, players and chart fold below, nothing scrolls sideways', async ({ browser }) => {
      const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
      await context.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
      const page = await context.newPage();
      await page.goto(`/replay/${game.lobbyId}?turn=8`);
      await expect(page.getByTestId('replay')).toBeVisible();
      await expect(page.getByTestId('players-panel')).toBeHidden();
      expect(await noSideScroll(page)).toBe(true);
      await controlsFit(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}phone-replay-viewer.png` });
      await page.getByTestId('replay-side-toggle').click();
      await expect(page.getByTestId('players-panel')).toBeVisible();
      await expect(page.getByTestId('replay-chart')).toBeVisible();
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({ path: `${OUT}phone-replay-viewer-side.png` });
      // The chart is tapped like it is clicked.
      const area = (await page.getByTestId('replay-chart').boundingBox())!;
      await page.touchscreen.tap(area.x + 3, area.y + area.height / 2);
      await expect(page.getByTestId('replay')).toHaveAttribute('data-turn', '1');
      await context.close();

      const desktop = await browser.newContext({ viewport: { width: 1100, height: 760 } });
      const wide = await desktop.newPage();
      await wide.goto(`/replay/${game.lobbyId}?turn=8`);
      await expect(wide.getByTestId('players-panel')).toBeVisible();
      expect(await noSideScroll(wide)).toBe(true);
      await controlsFit(wide);
      await desktop.close();
    });
  });
