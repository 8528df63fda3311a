import { expect, test } from '@playwright/test';

const TITLES = ['Welcome', 'Movement', 'Attacking', 'Bonuses', 'Turns', 'How To Win', 'Enjoy'];

test('a newcomer lands on the main menu and pages through the tutorial', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/main-menu$/);
  const tutorial = page.getByRole('dialog');
  await expect(tutorial.getByTestId('tutorial-title')).toHaveText('Welcome');
  await expect(tutorial.getByRole('button', { name: 'Previous' })).toBeDisabled();

  for (const [i, title] of TITLES.entries()) {
    await expect(tutorial.getByTestId('tutorial-title')).toHaveText(title);
    const next = tutorial.getByRole('button', { name: i === TITLES.length - 1 ? "Let's Go!" : 'Next', exact: true });
    if (i === 1) {
      await expect(tutorial.getByRole('button', { name: 'Previous' })).toBeEnabled();
      await tutorial.getByRole('button', { name: 'Previous' }).click();
      await expect(tutorial.getByTestId('tutorial-title')).toHaveText('Welcome');
      await tutorial.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await next.click();
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('seen-tutorial'))).toBe('true');

  // Seen once, it stays closed; Settings reopens it.
  await page.reload();
  await expect(page.getByTestId('play-offline')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/settings');
  await page.getByTestId('open-tutorial').click();
  await expect(page.getByRole('dialog').getByTestId('tutorial-title')).toHaveText('Welcome');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the main menu' }).click();
  await expect(page).toHaveURL(/\/main-menu$/);
});
