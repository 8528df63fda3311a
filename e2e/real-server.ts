/**
 * Starts the real, built server (apps/server/dist/main.js) as a child process on its own port with a
 * throw-away SQLite file, serving a given build of the web app. Used by the tests and the web bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');
export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

export interface RealServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Runs the server on `port` serving `webDist` (with `env` added, e.g. ADMIN_TOKEN); resolves once /api/health answers. */
export async function startRealServer(
  port: number,
  webDist = WEB_DIST,
  env: Record<string, string> = {},
): Promise<RealServer> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'fb-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dataDir, 'e2e.db'),
      WEB_DIST: webDist,
      LOG: 'off',
      // Bots a little quicker than the product's default pace, so whole games fit in a test.
      BOT_ACTION_MS: '40',
      BOT_TURN_MS: '60',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 200) throw new Error('the server did not answer /api/health within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// `tsx e2e/real-server.ts PORT` runs it in the foreground (Playwright's webServer does this);
// E2E_WEB_DIST serves another build of the web app (a separate `vite build --outDir`).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await startRealServer(Number(process.argv[2] ?? 4173), process.env.E2E_WEB_DIST ?? WEB_DIST);
  console.log(`serving ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
