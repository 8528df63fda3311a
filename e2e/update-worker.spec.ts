import { expect, test } from '@playwright/test';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_DIST, startRealServer, type RealServer } from './real-server';

// The real server on its own port serving a private copy of the build, so a "new version" of /sw.js can be
// published mid-test.
test.use({ serviceWorkers: 'allow' });

const PORT = Number(process.env.E2E_UPDATE_PORT ?? 4188);
let root = '';
let server: RealServer | undefined;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fb-update-'));
  cpSync(WEB_DIST, root, { recursive: true });
  server = await startRealServer(PORT, root);
});
test.afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('a waiting offline worker shows "Updating the Game" and the app reloads into it', async ({ page }) => {
  const base = `http://127.0.0.1:${PORT}`;
  await page.addInitScript(() => {
    localStorage.setItem('seen-tutorial', 'true');
    // The modal may show only for the 500 ms before the reload: record it as it appears (the mark
    // survives the reload in sessionStorage) rather than polling for it and racing the reload.
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Updating the Game')) sessionStorage.setItem('saw-updating', 'yes');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${base}/main-menu`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Publish a new worker and let the page find it.
  appendFileSync(join(root, 'sw.js'), '\n// a new version\n');
  const reloaded = page.waitForEvent('framenavigated', { timeout: 20_000 });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await reloaded;
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('saw-updating')), { timeout: 15_000 }).toBe('yes');
  await expect(page.getByTestId('play-offline')).toBeVisible();
  await expect(page.getByText('Updating the Game')).toHaveCount(0);
});
