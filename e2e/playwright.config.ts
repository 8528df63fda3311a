/**
 * End-to-end tests in Debian's Chromium (TOOLCHAIN.md), against the real built server
 * (apps/server/dist/main.js, a throw-away SQLite file) serving the built app (apps/web/dist).
 * Build first (`npm run build`); set E2E_BASE_URL to test a server that is already running, E2E_PORT
 * for another port, E2E_WEB_DIST to serve another build of the app, E2E_OUTPUT_DIR for the artefacts.
 */
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    serviceWorkers: 'block',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH } }],
  webServer: external
    ? undefined
    : {
        command: `npx tsx real-server.ts ${PORT}`,
        cwd: import.meta.dirname,
        url: `${baseURL}/main-menu`,
        reuseExistingServer: !process.env.CI,
        timeout: 30_000,
      },
});
