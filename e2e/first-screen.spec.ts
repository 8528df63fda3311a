/**
 * The prerendered first screen (ARCHITECTURE §7.12): the HTML of /main-menu holds the menu and, on a
 * first visit, the tutorial, before any script runs. On a first visit it works without the app (the
 * tutorial pages and closes, the menu's links are links), the app starts on the player's first input and
 * takes over from what the picture shows; once it is up there is one menu and one tutorial, the app's
 * own; other pages and returning players never see the parts not theirs.
 */
import { expect, type Page, test } from '@playwright/test';
import { startApp } from './helpers';

const MENU_BUTTONS = ['Play vs Bots', 'Play online now', 'Saved games', 'Replays', 'Play online', 'How to play'];
/** The app's own code, past the page's small entry. */
const APP_MODULE = /\/assets\/main-[\w-]+\.js$/;

/** The picture's tutorial (its box is empty: the dialog in it is fixed to the window; see by its title). */
const pictureTutorial = (page: Page) => page.locator('#fb-shell-tutorial');
const pictureTitle = (page: Page) => pictureTutorial(page).locator('h2.mantine-Title-root');
const appStarted = (page: Page) => page.evaluate(() => window.fourBanners !== undefined);

test('the first HTML of /main-menu already shows the menu and the tutorial', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/main-menu');
  const menu = page.locator('#fb-shell-menu');
  await expect(menu.getByText('Four Banners', { exact: true })).toBeVisible();
  for (const name of MENU_BUTTONS) await expect(menu.getByText(name, { exact: true })).toBeVisible();
  await expect(pictureTitle(page)).toHaveText('Welcome');
  await expect(pictureTutorial(page).getByText('1 / 7')).toBeVisible();
  await context.close();
});

test('on a first visit the tutorial pages, closes and opens again before the app runs', async ({ page }) => {
  // Blocked, the app never starts: what works is the page's small entry alone.
  await page.route(APP_MODULE, (route) => route.abort());
  await page.goto('/main-menu');
  const tutorial = pictureTutorial(page);
  const previous = tutorial.getByRole('button', { name: 'Previous' });
  await expect(previous).toBeDisabled();
  await expect(tutorial.getByRole('button', { name: 'Next' })).toBeFocused();

  await tutorial.getByRole('button', { name: 'Next' }).click();
  await tutorial.getByRole('button', { name: 'Next' }).click();
  await expect(pictureTitle(page)).toHaveText('Attacking');
  await expect(tutorial.getByText('3 / 7')).toBeVisible();
  await previous.click();
  await expect(pictureTitle(page)).toHaveText('Movement');
  for (let i = 0; i < 5; i++) await tutorial.getByRole('button', { name: 'Next' }).click();
  await expect(pictureTitle(page)).toHaveText('Enjoy');
  await tutorial.getByRole('button', { name: "Let's Go!" }).click();
  await expect(pictureTitle(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('seen-tutorial'))).toBe('true');

  const menu = page.locator('#fb-shell-menu');
  await menu.getByRole('button', { name: 'How to play' }).click();
  await expect(pictureTitle(page)).toHaveText('Welcome');
  await page.keyboard.press('Escape');
  await expect(pictureTitle(page)).toBeHidden();
  await menu.getByRole('button', { name: 'How to play' }).click();
  await tutorial.getByRole('button', { name: 'Close' }).click();
  await expect(pictureTitle(page)).toBeHidden();
  expect(await appStarted(page)).toBe(false);

  // The menu's entries are links that work without the app.
  await expect(menu.getByRole('link', { name: 'Play vs Bots' })).toHaveAttribute('href', '/lobby');
});

test('on a first visit the app waits for an input, then takes the tutorial over at its page', async ({ page }) => {
  const appRequests: string[] = [];
  page.on('request', (request) => {
    if (APP_MODULE.test(request.url())) appRequests.push(request.url());
  });
  await page.goto('/main-menu');
  await page.waitForLoadState('networkidle');
  // Its code is fetched once the picture is painted, but nothing of it runs.
  await expect.poll(() => appRequests.length).toBeGreaterThan(0);
  expect(await appStarted(page)).toBe(false);
  await expect(page.getByTestId('tutorial-title')).toHaveCount(0);

  // The first click starts the app and pages the picture; the app opens its tutorial at that page.
  await pictureTutorial(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('tutorial-title')).toHaveText('Movement');
  await expect(page.locator('#fb-shell')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Four Banners', exact: true })).toHaveCount(1);
  await expect(page.getByTestId('play-offline')).toBeAttached();
  expect(await appStarted(page)).toBe(true);
});

test('a tutorial closed on the picture stays closed when the app starts', async ({ page }) => {
  await page.goto('/main-menu');
  await expect(pictureTitle(page)).toHaveText('Welcome');
  // Escape is the first input: it closes the picture's tutorial and starts the app.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('play-offline')).toBeVisible();
  await expect(page.locator('#fb-shell')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('seen-tutorial'))).toBe('true');
});

test('once the app is up there is exactly one menu and one tutorial', async ({ page }) => {
  await page.goto('/main-menu');
  await startApp(page);
  await expect(page.getByTestId('tutorial-title')).toHaveText('Welcome');
  await expect(page.getByTestId('play-offline')).toBeAttached();
  await expect(page.locator('#fb-shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Four Banners', exact: true })).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('a returning player sees the menu without the tutorial, and other pages show none of it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
  const page = await context.newPage();
  // Blocked, the app never starts: what shows is the HTML and the gate script alone.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/main-menu');
  await expect(page.locator('#fb-shell-menu')).toBeVisible();
  await expect(pictureTitle(page)).toBeHidden();
  for (const path of ['/settings', '/game', '/replay/some-game', '/no/such/place']) {
    await page.goto(path);
    await expect(page.locator('#fb-shell')).toBeHidden();
  }
  await context.close();
});

test('a returning player’s app starts without waiting for an input', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
  await page.goto('/main-menu');
  await page.waitForFunction(() => window.fourBanners !== undefined);
  await expect(page.getByTestId('play-offline')).toBeVisible();
  await expect(page.locator('#fb-shell')).toHaveCount(0);
});
