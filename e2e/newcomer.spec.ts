import { expect, test } from '@playwright/test';

const TITLES = ['Welcome', 'Movement', 'Attacking', 'Bonuses', 'Turns', 'How To Win', 'Enjoy'];

test('a newcomer lands on the main menu and pages through the tutorial', async ({ page }) => {
  await page.goto('/');
  // The first pages may be the first screen's picture of the tutorial (ARCHITECTURE §7.12) or the app's:
  // the clicks go to whichever is on screen, and the pages follow each other the same.
  const tutorial = page.getByRole('dialog');
  const title = (name: string) => tutorial.getByRole('heading', { level: 2, name, exact: true });
  await expect(title('Welcome')).toBeVisible();
  await expect(tutorial.getByRole('button', { name: 'Previous' })).toBeDisabled();

  for (const [i, name] of TITLES.entries()) {
    await expect(title(name)).toBeVisible();
    const next = tutorial.getByRole('button', { name: i === TITLES.length - 1 ? "Let's Go!" : 'Next', exact: true });
    if (i === 1) {
      await expect(tutorial.getByRole('button', { name: 'Previous' })).toBeEnabled();
      await tutorial.getByRole('button', { name: 'Previous' }).click();
      await expect(title('Welcome')).toBeVisible();
      await tutorial.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await next.click();
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('seen-tutorial'))).toBe('true');
  // The app is up (the first click started it) and has put the menu at its address.
  await expect(page).toHaveURL(/\/main-menu$/);
  await expect(page.getByTestId('play-offline')).toBeVisible();

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
  // A returning player: the app starts at once and draws its menu over the prerendered one (ARCHITECTURE §7.12).
  await page.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
  // In the frame that first shows the app's menu card: is the backdrop still to be painted?
  await page.addInitScript(() => {
    const seen = window as unknown as { paintingInCardFrame?: boolean };
    const watch = new MutationObserver(() => {
      if (!document.querySelector('#root .fb-menu-card')) return;
      watch.disconnect();
      requestAnimationFrame(() => {
        seen.paintingInCardFrame = document
          .querySelector('#root canvas.fb-menu-backdrop')
          ?.hasAttribute('data-painting');
      });
    });
    watch.observe(document, { subtree: true, childList: true });
  });
  await page.goto('/main-menu');
  const backdrop = page.locator('#root canvas.fb-menu-backdrop');
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
