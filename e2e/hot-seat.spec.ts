import { expect, test } from '@playwright/test';
import { active, passTurn, skipTutorial } from './helpers';

test.beforeEach(async ({ page }) => skipTutorial(page));

test('hot-seat: two people share the device and take turns, no bots in between', async ({ page }) => {
  await page.goto('/lobby');
  await page.getByTestId('seat-1').click();
  await page.getByRole('option', { name: 'Local player (hot-seat)' }).click();
  await page.getByLabel('Hot-seat player name').fill('Ann');
  for (const c of [2, 3]) {
    await page.getByTestId(`seat-${c}`).click();
    await page.getByRole('option', { name: 'Empty' }).click();
  }
  await page.getByTestId('start-game').click();
  await expect(page.getByTestId('whose-turn')).toContainText("Green's turn");
  expect(await active(page)).toBe(0);

  await passTurn(page);
  await expect(page.getByTestId('handoff')).toContainText('pass the device to Ann (Local)');
  await expect(page.getByTestId('whose-turn')).toContainText("Purple's turn");
  expect(await active(page)).toBe(1);
  await expect(page.getByTestId('bot-bar')).toHaveCount(0);

  await passTurn(page);
  await expect(page.getByTestId('handoff')).toContainText('pass the device to Player');
  expect(await active(page)).toBe(0);
});
