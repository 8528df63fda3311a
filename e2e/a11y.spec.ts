/**
 * Accessibility (issue 9, "Readable by everyone"): an axe-core scan of every screen a person reaches, in
 * the state they reach it, finds no serious or critical violation. Axe's colour-contrast rule (WCAG AA,
 * impact serious) runs with the others, so washed-out text or a control that does not stand out from its
 * background fails here. Each failure lists the rule and the elements it found.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  createOnlineLobby,
  newPerson,
  passTurn,
  playPassingGameToEnd,
  skipTutorial,
  startApp,
  startHostVsHardBot,
  waitForTurnOrEnd,
} from './helpers';
import { startRealServer } from './real-server';

const SEVERE = new Set(['serious', 'critical']);

/** The serious and critical violations axe finds on the page as it is now, one line per rule with its elements. */
async function severeViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(350); // let dialogs and drawers finish their transition
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact && SEVERE.has(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')}  ${n.any[0]?.message ?? ''}`).join('\n    ')}`,
    );
}

/** Scans the page as `label`; a soft failure, so one run reports every screen. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const found = await severeViolations(page);
  expect.soft(found.length, `${label}: serious/critical axe violations\n  ${found.join('\n  ')}\n`).toBe(0);
}

test.describe('axe finds no serious or critical violation', () => {
  test('main menu (with and without the tutorial), offline lobby, lobby preview, saves, settings, chat, join, 404, admin off', async ({
    page,
  }) => {
    await page.goto('/main-menu');
    // Before the app runs, the prerendered first screen (ARCHITECTURE §7.12) is the page.
    await expect(page.locator('#fb-shell-tutorial h2.mantine-Title-root')).toHaveText('Welcome');
    await expectAccessible(page, '/main-menu first screen, before the app');
    await startApp(page);
    await expect(page.getByTestId('tutorial-title')).toHaveText('Welcome');
    await expectAccessible(page, '/main-menu with the tutorial');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page, '/main-menu');

    const screens: [string, (p: Page) => Promise<void>][] = [
      ['/lobby', (p) => expect(p.getByTestId('start-game')).toBeVisible()],
      ['/lobby-preview', (p) => expect(p.getByRole('button', { name: 'New map' })).toBeVisible()],
      ['/saves', (p) => expect(p.getByRole('heading', { name: 'Saved games' })).toBeVisible()],
      [
        '/saves?tab=replays',
        (p) => expect(p.getByRole('tab', { name: /replays/i })).toHaveAttribute('aria-selected', 'true'),
      ],
      ['/settings', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/chat', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/join-lobby', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/quick-match', (p) => expect(p.getByTestId('quick-find')).toBeVisible()],
      ['/join/NOSUCH', (p) => expect(p.getByTestId('invite-missing')).toBeVisible()],
      ['/no-such-page', (p) => expect(p.getByTestId('not-found')).toBeVisible()],
      ['/admin', (p) => expect(p.getByTestId('admin-error')).toBeVisible()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready(page);
      await expectAccessible(page, path);
    }
  });

  test('an offline game mid-game, its pass-turn dialog, and its replay so far', async ({ page }) => {
    await skipTutorial(page);
    await page.addInitScript(() => localStorage.setItem('bot-speed', 'instant'));
    await page.goto('/lobby?start=1&w=7&h=7&seed=5&bots=2&speed=instant');
    await expect(page.getByTestId('whose-turn')).toBeVisible();
    await waitForTurnOrEnd(page);
    await passTurn(page);
    expect(await waitForTurnOrEnd(page)).toBe('turn');
    await expectAccessible(page, '/game (offline, second turn)');
    await page.getByTestId('pass-turn').click();
    await expect(page.getByTestId('modal-next-turn').getByRole('dialog')).toBeVisible();
    await expectAccessible(page, '/game pass-turn dialog');
    await page.keyboard.press('Escape');

    await page.goto('/replay/local/current');
    await expect(page.getByTestId('replay')).toBeVisible();
    await expectAccessible(page, '/replay/local/current');
  });

  test('online: the lobby, a game, its replay, its watch page and the replays list', async ({ browser }) => {
    test.setTimeout(180_000);
    const guest = await newPerson(browser, 'Guest');
    await createOnlineLobby(guest);
    await expectAccessible(guest, '/lobby (online lobby)');
    await guest.context().close();

    const { host, lobbyId } = await startHostVsHardBot(browser);
    await expect(host.getByTestId('whose-turn')).toBeVisible();
    await expectAccessible(host, '/game (online)');
    await playPassingGameToEnd(host, lobbyId);
    await expect(host.getByTestId('player-status')).toBeVisible();
    await expectAccessible(host, '/game (online, game over)');

    const viewer = await newPerson(browser, 'Viewer');
    await viewer.goto('/saves?tab=replays');
    await expect(viewer.locator(`[data-testid="replay-row"][data-game-id="${lobbyId}"]`)).toBeVisible();
    await expectAccessible(viewer, '/saves?tab=replays with a game');
    await viewer.goto(`/replay/${lobbyId}`);
    await expect(viewer.getByTestId('replay')).toBeVisible();
    await expectAccessible(viewer, `/replay/<id>`);
    await viewer.goto(`/watch/${lobbyId}`);
    await expect(viewer.getByTestId('replay')).toHaveAttribute('data-over', 'true');
    await expectAccessible(viewer, `/watch/<id>`);
    await viewer.context().close();
    await host.context().close();
  });

  test('/admin with an admin token, showing a lobby', async ({ browser }) => {
    // A second server of its own (the admin API needs ADMIN_TOKEN), on a port clear of the usual ones.
    const port = Number(process.env.E2E_PORT ?? 4173) + 40;
    const server = await startRealServer(port, process.env.E2E_WEB_DIST, { ADMIN_TOKEN: 'e2e-a11y-secret' });
    try {
      const page = await newPerson(browser, 'Admin', server.url);
      const lobbyId = await createOnlineLobby(page);
      await page.goto('/admin');
      await expect(page.getByTestId('admin-needs-token')).toBeVisible();
      await expectAccessible(page, '/admin asking for the token');
      await page.getByTestId('admin-token').fill('e2e-a11y-secret');
      await page.getByTestId('admin-token-save').click();
      await expect(page.getByTestId('admin-lobbies')).toContainText(lobbyId);
      await expectAccessible(page, '/admin');
      await page.getByTestId('admin-lobby-row').filter({ hasText: lobbyId }).getByTestId('admin-lobby-link').click();
      await expect(page.getByTestId('admin-lobby-panel')).toBeVisible();
      await expectAccessible(page, '/admin/lobby/<id>');
      await page.context().close();
    } finally {
      await server.close();
    }
  });
});

test('a control reached with Tab shows the focus ring: white, between dark halos, on the green button as on a nav link', async ({
  page,
}) => {
  await skipTutorial(page);
  const ring = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return {
        text: el.textContent?.trim(),
        style: s.outlineStyle,
        width: s.outlineWidth,
        colour: s.outlineColor,
        halo: s.boxShadow !== 'none',
      };
    });
  const WHITE_RING = { style: 'solid', width: '2px', colour: 'rgb(255, 255, 255)', halo: true };
  await page.goto('/main-menu');
  await expect(page.getByRole('link', { name: 'Play vs Bots' })).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await ring()).toEqual({ text: 'Play vs Bots', ...WHITE_RING });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await ring()).toEqual({ text: 'Four Banners', ...WHITE_RING });
});

test("a Tab pressed before the app takes over the first screen keeps its place on the app's same link (ARCHITECTURE §7.12)", async ({
  page,
}) => {
  await skipTutorial(page);
  // The app's code is held back, so the Tab lands on the prerendered menu, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/main-menu');
  await page.keyboard.press('Tab');
  const focus = () =>
    page.evaluate(() => ({
      text: document.activeElement?.textContent?.trim(),
      inPicture: document.activeElement?.closest('#fb-shell') !== null,
    }));
  expect(await focus()).toEqual({ text: 'Play vs Bots', inPicture: true });
  release();
  await expect(page.locator('#fb-shell')).toHaveCount(0);
  expect(await focus()).toEqual({ text: 'Play vs Bots', inPicture: false });
  await page.keyboard.press('Tab');
  expect((await focus()).text).toBe('Play online now');
});

/** The four window sizes issue 9 names: two phones, a laptop, a desktop. */
const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** Whether the element's whole box is inside the window on load and it is the thing under its own centre (not covered). */
async function inWindowAndOnTop(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside =
      r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inside && hit !== null && el.contains(hit);
  });
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the lobby's Start game is in the window on load and no page scrolls sideways`, async ({
    browser,
  }) => {
    const phone = size.width < 600;
    const context = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
    await context.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
    const page = await context.newPage();

    await page.goto('/lobby');
    await expect(page.getByTestId('start-game')).toBeVisible();
    expect(await inWindowAndOnTop(page, 'start-game'), 'offline lobby: Start game in the window').toBe(true);

    for (const path of [
      '/lobby',
      '/saves',
      '/saves?tab=replays',
      '/settings',
      '/chat',
      '/join-lobby',
      '/quick-match',
      '/join/NOSUCH',
      '/404',
      '/admin',
    ]) {
      await page.goto(path);
      await expect(page.locator('.fb-main h1:visible').first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }

    // The online lobby's admin gets the same bar (disabled until two colours are taken).
    await createOnlineLobby(page);
    await expect(page.getByTestId('online-start')).toBeVisible();
    expect(await inWindowAndOnTop(page, 'online-start'), 'online lobby: Start game in the window').toBe(true);
    await context.close();
  });
}
