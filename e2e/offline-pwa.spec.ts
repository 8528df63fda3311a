import { expect, test } from '@playwright/test';
import { skipTutorial } from './helpers';

// The one test that lets the offline worker run.
test.use({ serviceWorkers: 'allow' });

test('once the worker is installed the app reloads and plays with no network', async ({ page, context }) => {
  await skipTutorial(page);
  await page.goto('/main-menu');
  await expect(page.getByTestId('play-offline')).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  const sw = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? '',
  );
  expect(sw).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('play-offline')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A deep link works offline too (the worker answers navigations with the app shell), and the game plays.
  await page.goto('/lobby?start=1&w=6&h=6&seed=3&bots=1&speed=fast');
  await expect(page).toHaveURL(/\/game/);
  await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
  const spot = page.locator('.fb-banner-spot').first();
  await spot.click({ force: true });
  await expect(page.getByTestId('banners-left')).toContainText('1');
  await context.setOffline(false);
});
