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

test('the menu paints its card first and shows its backdrop map once the whole map is on the canvas (ARCHITECTURE §7.11)', async ({
  page,
}) => {
  // In the frame that first shows the menu card: is the backdrop still to be painted?
  await page.addInitScript(() => {
    const seen = window as unknown as { paintingInCardFrame?: boolean };
    const watch = new MutationObserver(() => {
      if (!document.querySelector('.fb-menu-card')) return;
      watch.disconnect();
      requestAnimationFrame(() => {
        seen.paintingInCardFrame = document.querySelector('canvas.fb-menu-backdrop')?.hasAttribute('data-painting');
      });
    });
    watch.observe(document, { subtree: true, childList: true });
  });
  await page.goto('/main-menu');
  const backdrop = page.locator('canvas.fb-menu-backdrop');
  await expect(backdrop).not.toHaveAttribute('data-painting');
  const { paintingInCardFrame, colours } = await backdrop.evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return {
      paintingInCardFrame: (window as unknown as { paintingInCardFrame?: boolean }).paintingInCardFrame,
      colours: colours.size,
    };
  });
  // The frame that first showed the card did not wait on the backdrop, and then the map is there: the
  // lands' patterns, the emblems and the landmarks, not one flat colour.
  expect(paintingInCardFrame).toBe(true);
  expect(colours).toBeGreaterThan(20);
  await expect(backdrop).toHaveCSS('opacity', '0.62');
});
