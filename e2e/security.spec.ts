/**
 * The built app under the server's security headers (apps/server/src/http/security-headers.ts): every
 * route loads and plays with no Content-Security-Policy violation — offline (the board, the page icon
 * as a data: URL, bots' turns), online (the websocket, the chat, a replay fetched with the player's
 * identity) and with the offline worker installed — and a page on another origin cannot frame the app.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { passTurn, waitForTurnOrEnd } from './helpers';

const DESKTOP = { width: 1366, height: 820 };

/**
 * Records every CSP violation the page reports, across navigations: `securitypolicyviolation` events
 * (from an init script) and Chromium's console lines about the policy.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('fbReportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { fbReportCspViolation(line: string): Promise<void> })
          .fbReportCspViolation;
        void report(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A person's page: tutorial seen, a name, CSP violations recorded. */
async function person(browser: Browser, name: string): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript((n) => {
    localStorage.setItem('seen-tutorial', 'true');
    localStorage.setItem('player-name', n);
  }, name);
  const page = await context.newPage();
  return { page, violations: await watchCsp(page) };
}

/** The document answer carries the policy and its companions. */
function expectSecurityHeaders(res: Response | null, path: string): void {
  expect(res, `${path}: a document answer`).not.toBeNull();
  const headers = res!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toMatch(/script-src 'self'(;|$)/);
  expect(csp, path).toContain("object-src 'none'");
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['referrer-policy'], path).toBeTruthy();
  expect(headers['x-powered-by'], path).toBeUndefined();
}

/** Lets late reports (console lines are asynchronous) arrive, then expects none. */
async function expectNoViolations(page: Page, violations: string[], where: string): Promise<void> {
  await page.waitForTimeout(300);
  expect(violations, where).toEqual([]);
}

const chatTexts = (page: { events: { kind: string; payload: { msg?: string } }[] }) =>
  page.events.filter((e) => e.kind === 'chat').map((e) => e.payload.msg);

test('every route of the built app loads with the policy and no CSP violation; an offline game plays', async ({
  browser,
}) => {
  const { page, violations } = await person(browser, 'Visitor');
  const routes: [path: string, ready: (p: Page) => ReturnType<Page['getByTestId']>][] = [
    ['/main-menu', (p) => p.getByTestId('play-offline')],
    ['/join-lobby', (p) => p.getByTestId('lobby-id-input')],
    ['/chat', (p) => p.getByRole('heading', { name: 'Chat' })],
    ['/settings', (p) => p.getByTestId('player-name')],
    ['/saves', (p) => p.getByTestId('tab-saves')],
    ['/saves?tab=replays', (p) => p.getByTestId('tab-replays')],
    ['/lobby-preview', (p) => p.locator('.fb-preview')],
    ['/404', (p) => p.getByTestId('not-found')],
    ['/no/such/place', (p) => p.getByTestId('not-found')],
    ['/replay/NO-SUCH-GAME', (p) => p.getByTestId('replay-error')],
    ['/admin', (p) => p.getByTestId('admin')],
    ['/admin/lobby/NO-SUCH-LOBBY', (p) => p.getByTestId('admin-lobby-notice')],
    ['/lobby', (p) => p.getByTestId('start-game')],
  ];
  for (const [path, ready] of routes) {
    expectSecurityHeaders(await page.goto(path), path);
    await expect(ready(page), path).toBeVisible();
    await expectNoViolations(page, violations, path);
  }

  // /game after starting an offline game (we are on /lobby): the board, the page icon, bots' turns.
  await page.getByTestId('start-game').click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  const icon = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
    const loads = await new Promise<boolean>((resolve) => {
      const img = new Image();
      img.onload = () => resolve(true);
      img.onerror = () => resolve(false);
      img.src = href;
    });
    return { href, loads };
  });
  expect(icon.href).toMatch(/^data:image\/svg\+xml,/);
  expect(icon.loads).toBe(true);
  await page.locator('.fb-banner-spot').first().click({ force: true });
  await passTurn(page);
  await expect(page.getByTestId('bot-bar')).toBeVisible();
  await waitForTurnOrEnd(page);
  await expectNoViolations(page, violations, '/game');
  // A reload of /game is a document answer too.
  expectSecurityHeaders(await page.reload(), '/game');
  await expect(page.getByTestId('whose-turn')).toBeVisible();
  await expectNoViolations(page, violations, '/game after a reload');
  await page.context().close();
});

test('online under the policy: the websocket, the chat, and a replay that shows chat only to a seated player', async ({
  browser,
}) => {
  const host = await person(browser, 'Host');
  const h = host.page;
  await h.goto('/main-menu');
  await h.getByTestId('play-online').click();
  await h.getByTestId('create-lobby').click();
  await expect(h.getByTestId('online-lobby')).toBeVisible();
  const lobbyId = (await h.getByTestId('lobby-id').textContent())!.trim();
  await h.getByTestId('chat-input').fill('for seated eyes only');
  await h.getByTestId('chat-input').press('Enter');
  await expect(h.getByTestId('chat-messages')).toContainText('for seated eyes only');
  // The creator is on green at once.
  await expect(h.getByTestId('online-seat-0')).toContainText('Host');
  await h.getByTestId('add-bot-1').click();
  await expect(h.getByTestId('online-seat-1')).toContainText('Easy Bot');
  await h.getByTestId('online-start').click();
  await expect(h).toHaveURL(/\/game$/);
  await expectNoViolations(h, host.violations, 'online lobby and game');

  expectSecurityHeaders(await h.goto('/chat'), '/chat online');
  await expect(h.getByTestId('chat-messages')).toContainText('for seated eyes only');

  // The replay's log request carries the stored identity; the seated host gets the chat text.
  const playerId = await h.evaluate(
    () => JSON.parse(localStorage.getItem('online-identity') ?? '{}').playerId as string,
  );
  const hostLog = h.waitForResponse((r) => r.url().includes(`/api/games/${lobbyId}/events`));
  expectSecurityHeaders(await h.goto(`/replay/${lobbyId}`), '/replay');
  const hostAnswer = await hostLog;
  expect(hostAnswer.request().headers()['x-player-id']).toBe(playerId);
  expect(hostAnswer.request().headers()['x-player-token']).toBeTruthy();
  expect(chatTexts(await hostAnswer.json())).toEqual(['for seated eyes only']);
  await expect(h.getByTestId('replay')).toBeVisible();
  await expectNoViolations(h, host.violations, '/replay (seated)');

  // A spectator watches the same game without its chat.
  const viewer = await person(browser, 'Viewer');
  const viewerLog = viewer.page.waitForResponse((r) => r.url().includes(`/api/games/${lobbyId}/events`));
  await viewer.page.goto(`/replay/${lobbyId}`);
  expect(chatTexts(await (await viewerLog).json())).toEqual(['']);
  await expect(viewer.page.getByTestId('replay')).toBeVisible();
  await expectNoViolations(viewer.page, viewer.violations, '/replay (spectator)');

  await viewer.page.context().close();
  await h.context().close();
});

test.describe('with the offline worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the worker installs and precaches under the policy', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('seen-tutorial', 'true'));
    const violations = await watchCsp(page);
    expectSecurityHeaders(await page.goto('/main-menu'), '/main-menu');
    await expect(page.getByTestId('play-offline')).toBeVisible();
    // `ready` resolves once the worker is active, i.e. after its precache (fetches under its own CSP) succeeded.
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      let entries = 0;
      for (const name of await caches.keys()) entries += (await (await caches.open(name)).keys()).length;
      return entries;
    });
    expect(cached).toBeGreaterThan(0);
    await expectNoViolations(page, violations, 'with the worker');
  });
});

test('a page on another origin cannot frame the app', async ({ page, baseURL }) => {
  const app = new URL('/main-menu', baseURL).href;
  const framer = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>framer</title><iframe id="app" src="${app}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  try {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/i.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    // Chromium reports the refusal to the framing page…
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(refusals.join('\n')).toContain("frame-ancestors 'none'");
    // …and the frame holds none of the app.
    await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
    await expect(page.frameLocator('#app').getByTestId('play-offline')).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => framer.close(() => resolve()));
  }
});
