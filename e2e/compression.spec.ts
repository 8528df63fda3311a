/**
 * The first screen goes out precompressed (OPERATIONS §12.1): Chromium, which asks for br, gets the main
 * script and the stylesheet of /main-menu as brotli; and /robots.txt is a text file, not the app
 * (OPERATIONS §12.3). Against the real server and the built app.
 */
import { expect, test } from '@playwright/test';
import { startApp } from './helpers';

test('the main script and the stylesheet of /main-menu arrive with content-encoding br (OPERATIONS §12.1)', async ({
  page,
}) => {
  const answers = new Map<string, Record<string, string>>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/^\/assets\/.+\.(?:js|css)$/.test(path)) void res.allHeaders().then((headers) => answers.set(path, headers));
  });
  await page.goto('/main-menu');
  await startApp(page);
  await expect(page.getByTestId('play-offline')).toBeVisible();
  const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  const stylesheet = await page.locator('link[rel="stylesheet"][href^="/assets/"]').first().getAttribute('href');
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(stylesheet).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  for (const [path, type] of [
    [entry!, 'text/javascript; charset=utf-8'],
    [stylesheet!, 'text/css; charset=utf-8'],
  ] as const) {
    await expect.poll(() => answers.get(path)?.['content-encoding'], { message: path }).toBe('br');
    expect(answers.get(path)?.['content-type'], path).toBe(type);
    expect(answers.get(path)?.vary, path).toMatch(/Accept-Encoding/i);
  }
  // The page ran from those bytes: the menu is there and the styles applied.
  await expect(page.getByRole('heading', { name: 'Four Banners' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).boxSizing)).toBe('border-box');
});

test('/robots.txt is a text file that keeps crawlers off the API and the admin console (OPERATIONS §12.3)', async ({
  request,
}) => {
  const res = await request.get('/robots.txt', { headers: { accept: 'text/html,*/*;q=0.8' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await res.text();
  expect(text).not.toContain('<html');
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  expect(text).toMatch(/^Disallow: \/admin$/m);
});
