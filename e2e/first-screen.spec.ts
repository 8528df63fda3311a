/**
 * The prerendered first screen (ARCHITECTURE §7.12): the HTML of /main-menu holds the menu, and on a
 * first visit the tutorial's first page, before any script runs; once the app is up there is one menu
 * and one tutorial, the app's own; other pages and returning players never see the parts not theirs.
 */
import { expect, test } from '@playwright/test';

const MENU_BUTTONS = ['Play vs Bots', 'Play online now', 'Saved games', 'Replays', 'Play online', 'How to play'];

test('the first HTML of /main-menu already shows the menu and the tutorial', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/main-menu');
  const menu = page.locator('#fb-shell-menu');
  await expect(menu.getByText('Four Banners', { exact: true })).toBeVisible();
  for (const name of MENU_BUTTONS) await expect(menu.getByText(name, { exact: true })).toBeVisible();
  const tutorial = page.locator('#fb-shell-tutorial');
  await expect(tutorial.getByText('Welcome', { exact: true })).toBeVisible();
  await expect(tutorial.getByText('1 / 7')).toBeVisible();
  await context.close();
});

test('once the app is up there is exactly one menu and one tutorial', async ({ page }) => {
  await page.goto('/main-menu');
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
  await expect(page.locator('#fb-shell-tutorial')).toBeHidden();
  for (const path of ['/settings', '/game', '/replay/some-game', '/no/such/place']) {
    await page.goto(path);
    await expect(page.locator('#fb-shell')).toBeHidden();
  }
  await context.close();
});
