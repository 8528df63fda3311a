/**
 * The HTTP side on the open internet: security headers on every answer, the API's origin check and
 * CORS answers, the per-address rate limit, bounds on slow clients (websockets exempt) and the
 * Prometheus endpoint. Real servers, real HTTP.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyLegal, newGame, serializeGame } from '@four-banners/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../src/common/config.js';
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers.js';
import { HTTP_TIMEOUTS } from '../src/server.js';
import { ADMIN_TOKEN, TestClient, bootServer, removeDir, sleep, type TestServer } from './harness.js';

const ALLOWED = 'https://play.example.org';
let server: TestServer;
/** Servers booted by one test with their own settings; stopped after it. */
const extra: TestServer[] = [];
const open: TestClient[] = [];

/** A tiny built web app: an index page and one hashed asset. */
function webDist(dir: string): string {
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Four Banners</title>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  return web;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fb-server-'));
  server = await bootServer({ allowedOrigins: [ALLOWED], metricsToken: null, webDist: webDist(dir) }, dir);
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  for (const s of extra.splice(0)) {
    await s.stop();
    removeDir(s.dir);
  }
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dir);
});

async function boot(overrides: Partial<ServerConfig>): Promise<TestServer> {
  const s = await bootServer(overrides);
  extra.push(s);
  return s;
}

/** A CSP header as directive → sources. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe('security headers on every answer', () => {
  it('an API answer, an API 404, a static file, the SPA fallback and a non-GET 404 all carry them', async () => {
    const answers = {
      api: await fetch(`${server.url}/api/health`),
      apiNotFound: await fetch(`${server.url}/api/nothing-here`),
      asset: await fetch(`${server.url}/assets/app-1234.js`),
      index: await fetch(`${server.url}/`),
      spaFallback: await fetch(`${server.url}/lobby`, { headers: { accept: 'text/html' } }),
      postNotFound: await fetch(`${server.url}/lobby`, { method: 'POST' }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      api: 200,
      apiNotFound: 404,
      asset: 200,
      index: 200,
      spaFallback: 200,
      postNotFound: 404,
    });
    for (const [kind, res] of Object.entries(answers)) {
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(csp.get('default-src'), kind).toEqual(["'self'"]);
      expect(csp.get('script-src'), kind).toEqual(["'self'"]);
      expect(csp.get('object-src'), kind).toEqual(["'none'"]);
      expect(csp.get('base-uri'), kind).toEqual(["'self'"]);
      expect(csp.get('form-action'), kind).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options'), kind).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), kind).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), kind).toBe('DENY');
      expect(res.headers.has('x-powered-by'), kind).toBe(false);
    }
    expect(directives(answers.index.headers.get('content-security-policy'))).toEqual(
      directives(CONTENT_SECURITY_POLICY),
    );
  });

  it('static files keep their caching: hashed assets immutable, the rest revalidated', async () => {
    expect((await fetch(`${server.url}/assets/app-1234.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await fetch(`${server.url}/index.html`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('scripts may come from the server only: no inline script, no eval', () => {
    const script = directives(CONTENT_SECURITY_POLICY).get('script-src')!;
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });
});

describe('origins (the HTTP API accepts only configured origins)', () => {
  it('a foreign Origin on /api/games is refused with 403 forbidden_origin, whatever the path case', async () => {
    for (const path of ['/api/games', '/API/games', '/api/games/NOPE/events', '/api/metrics']) {
      const res = await fetch(`${server.url}${path}`, { headers: { origin: 'https://evil.example' } });
      expect(res.status, path).toBe(403);
      expect(res.headers.has('access-control-allow-origin'), path).toBe(false);
      expect(await res.json(), path).toEqual({ error: { code: 'forbidden_origin', message: expect.any(String) } });
    }
  });

  it('no Origin (not a browser) and the server’s own origin pass', async () => {
    expect((await fetch(`${server.url}/api/games`)).status).toBe(200);
    const same = await fetch(`${server.url}/api/games`, { headers: { origin: `http://127.0.0.1:${server.port}` } });
    expect(same.status).toBe(200);
  });

  it('an ALLOWED_ORIGINS entry passes with CORS headers, and its preflight allows the headers the API reads', async () => {
    const res = await fetch(`${server.url}/api/games`, { headers: { origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);

    const preflight = await fetch(`${server.url}/api/games/ABC/events`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-player-id, x-player-token, authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-player-id', 'x-player-token', 'authorization']));

    const foreign = await fetch(`${server.url}/api/games`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('static files and the app itself are not subject to the API origin check', async () => {
    const res = await fetch(`${server.url}/assets/app-1234.js`, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('per-address HTTP rate limit', () => {
  it('refuses /api past its burst with 429 rate_limited and Retry-After, then recovers after the refill', async () => {
    const s = await boot({
      address: { ...server.config.address, http: { capacity: 3, refillPerSecond: 5 } },
      webDist: server.config.webDist,
    });
    for (let i = 0; i < 3; i++) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    const refused = await fetch(`${s.url}/api/health`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests: slow down.' } });
    // Every /api route counts, unknown ones and the metrics included; a spoofed X-Forwarded-For is not trusted.
    expect((await fetch(`${s.url}/api/nothing`)).status).toBe(429);
    expect((await fetch(`${s.url}/api/metrics`)).status).toBe(429);
    expect((await fetch(`${s.url}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(429);
    // Static files are never limited.
    for (let i = 0; i < 10; i++) expect((await fetch(`${s.url}/assets/app-1234.js`)).status).toBe(200);

    await sleep(600);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    const metrics = await (await fetch(`${s.url}/api/metrics`)).text();
    expect(metrics).toMatch(/^fb_rate_limited_total\{limit="http"\} [1-9]/m);
  });

  it('a refusal to an allowed foreign origin still carries CORS headers, so the page can read it', async () => {
    const s = await boot({
      allowedOrigins: [ALLOWED],
      address: { ...server.config.address, http: { capacity: 1, refillPerSecond: 0 } },
    });
    expect((await fetch(`${s.url}/api/health`, { headers: { origin: ALLOWED } })).status).toBe(200);
    const refused = await fetch(`${s.url}/api/health`, { headers: { origin: ALLOWED } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('a big answer costs one more token per 64 KiB past its first', async () => {
    const s = await boot({ address: { ...server.config.address, http: { capacity: 10, refillPerSecond: 0 } } });
    // A lobby whose log holds three 32×32 saves (about 60 KB each): its events page is several tokens' worth.
    let game = newGame(32, 32, 5);
    for (const country of [0, 1] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
    game = applyLegal(game, { id: 'generate', info: { w: 32, h: 32, seed: 5 } }, 0);
    const alice = await TestClient.connect(s.url);
    open.push(alice);
    await alice.emit('client-create-lobby', { playerName: 'Alice' });
    await alice.untilSeq(2);
    for (let i = 0; i < 3; i++)
      expect((await alice.emit('client-load-save', { state: serializeGame(game) })).ok).toBe(true);
    const page = await fetch(`${s.url}/api/admin/lobbies/${alice.state!.lobbyId}/events`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const bytes = Number(page.headers.get('content-length'));
    expect(bytes).toBeGreaterThan(64 * 1024);
    await page.arrayBuffer();
    const cost = Math.ceil(bytes / (64 * 1024));
    // What is left after that page: 10 - cost small requests, then a refusal.
    let allowed = 0;
    while ((await fetch(`${s.url}/api/health`)).status === 200) allowed += 1;
    expect(allowed).toBe(10 - cost);
  });

  it('behind TRUST_PROXY the limit applies to the forwarded client address', async () => {
    const s = await boot({
      trustProxy: 1,
      address: { ...server.config.address, http: { capacity: 1, refillPerSecond: 0 } },
    });
    const from = (client: string) => fetch(`${s.url}/api/health`, { headers: { 'x-forwarded-for': client } });
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(200);
  });
});

describe('slow and stalled HTTP clients', () => {
  it('the HTTP server bounds headers, requests and idle connections', () => {
    const http = server.app.getHttpServer() as Server;
    expect(http.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
    expect(http.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
    expect(http.timeout).toBe(HTTP_TIMEOUTS.idleMs);
  });

  it('a client that stalls mid-request is cut after the idle timeout, while a websocket stays connected past it', async () => {
    const s = await boot({});
    // Lowered for the test; it applies to connections made from now on.
    (s.app.getHttpServer() as Server).setTimeout(300);
    const player = await TestClient.connect(s.url);
    open.push(player);

    const stalled = connect(s.port, '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', resolve));
    stalled.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const answer: Buffer[] = [];
    stalled.on('data', (d: Buffer) => answer.push(d));
    await new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    // Cut by the idle timeout, which closes without a word (the headers timeout would answer 408).
    expect(Buffer.concat(answer).toString()).toBe('');

    await sleep(1000);
    expect(player.socket.connected).toBe(true);
    expect(await player.emit('client-create-lobby', { playerName: 'Still here' })).toMatchObject({ ok: true });
  });
});

describe('GET /api/metrics', () => {
  it('answers Prometheus text with the game’s and the process’s metrics', async () => {
    const res = await fetch(`${server.url}/api/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^fb_\w+/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^fb_http_sockets_open [1-9]/m);
  });

  it('with METRICS_TOKEN it needs that bearer token: 401 without it, with a wrong one or the admin token', async () => {
    const s = await boot({ metricsToken: 'metrics-secret' });
    const get = (authorization?: string) =>
      fetch(`${s.url}/api/metrics`, authorization ? { headers: { authorization } } : {});
    const missing = await get();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { code: 'unauthorized', message: expect.stringContaining('METRICS_TOKEN') },
    });
    expect((await get('Bearer wrong')).status).toBe(401);
    expect((await get(`Bearer ${ADMIN_TOKEN}`)).status).toBe(401);
    const ok = await get('Bearer metrics-secret');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('process_resident_memory_bytes');
  });
});
