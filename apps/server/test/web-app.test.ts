/**
 * The built web app's files (OPERATIONS §12): precompressed answers chosen by Accept-Encoding, caching and
 * revalidation, HEAD like GET, robots.txt, 404 for missing files, and paths that leave the folder refused.
 * A real server on a random port serving a small dist folder written here (with its .br/.gz made by
 * node:zlib, as the web build does), so nothing depends on a web build.
 */
import { mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootServer, removeDir, type TestServer } from './harness.js';

let server: TestServer;
let dist = '';

const INDEX = `<!doctype html><html><head><title>Four Banners</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`;
const APP_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `banner-${i % 17}`))};\n`;
const APP_CSS = `${Array.from({ length: 200 }, (_, i) => `.fb-${i % 23} { color: var(--fb-${i % 7}); }`).join('\n')}\n`;
const ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n';
const SW = `self.addEventListener('install', () => self.skipWaiting());\n${'// precache list\n'.repeat(30)}`;
const FONT = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));

/** Writes `file` and, like the web build, its .br and .gz a moment later. */
function withVariants(file: string, content: string | Buffer): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

/** A small built app, with a secret beside the folder that no path may reach. */
function writeDist(root: string): string {
  const web = join(root, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(root, 'secret.txt'), 'the secret outside the web folder');
  withVariants(join(web, 'index.html'), INDEX);
  withVariants(join(web, 'assets', 'app-1234.js'), APP_JS);
  withVariants(join(web, 'assets', 'app-1234.css'), APP_CSS);
  withVariants(join(web, 'robots.txt'), ROBOTS);
  withVariants(join(web, 'sw.js'), SW);
  withVariants(join(web, 'manifest.webmanifest'), JSON.stringify({ name: 'Four Banners', icons: [] }));
  const ICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>';
  writeFileSync(join(web, 'favicon.svg'), ICON_SVG);
  writeFileSync(join(web, 'icon.svg'), ICON_SVG);
  mkdirSync(join(web, 'art'));
  writeFileSync(join(web, 'art', 'favicon.svg'), ICON_SVG);
  // A font is compressed already: even a stray .br beside it is never sent.
  withVariants(join(web, 'assets', 'inter-1234.woff2'), FONT);
  // Edited in place after the build: its variants are older than it, so stale.
  withVariants(join(web, 'assets', 'edited-1234.js'), APP_JS);
  writeFileSync(join(web, 'assets', 'edited-1234.js'), `${APP_JS}// edited\n`);
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(web, 'assets', 'edited-1234.js'), later, later);
  return web;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fb-server-'));
  dist = writeDist(dir);
  server = await bootServer({ webDist: dist }, dir);
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dir);
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A raw HTTP request: the path goes out exactly as written (fetch would normalise `..` and `%2e`). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const file = (relative: string) => join(dist, relative);

describe('precompressed answers (OPERATIONS §12.1)', () => {
  it('a browser that accepts br gets the .br: its bytes, Content-Encoding br, the type and length of what is sent', async () => {
    const res = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/\bAccept-Encoding\b/);
    expect(Number(res.headers['content-length'])).toBe(statSync(file('assets/app-1234.js.br')).size);
    expect(res.body.length).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
  });

  it('only gzip accepted: the .gz', async () => {
    const res = await get('/assets/app-1234.css', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(APP_CSS);
  });

  it('neither br nor gzip accepted (no header, or identity only): the file as it is, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<
      string,
      string
    >[]) {
      const res = await get('/assets/app-1234.js', headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary, JSON.stringify(headers)).toMatch(/\bAccept-Encoding\b/);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(APP_JS));
      expect(res.body.toString()).toBe(APP_JS);
    }
  });

  it('q-values count: br;q=0 refuses br, a higher q for gzip wins, * stands for the codings not named', async () => {
    const coding = async (acceptEncoding: string) =>
      (await get('/assets/app-1234.js', { 'accept-encoding': acceptEncoding })).headers['content-encoding'];
    expect(await coding('br;q=0, gzip')).toBe('gzip');
    expect(await coding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await coding('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(await coding('*')).toBe('br');
    expect(await coding('gzip;q=0, *;q=0.1')).toBe('br');
    expect(await coding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await coding('x-gzip')).toBe('gzip');
  });

  it('index.html, the app pages (the SPA fallback), robots.txt, sw.js and the manifest go out compressed too', async () => {
    for (const [path, type] of [
      ['/', 'text/html; charset=utf-8'],
      ['/main-menu', 'text/html; charset=utf-8'],
      ['/replay/abc', 'text/html; charset=utf-8'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/sw.js', 'text/javascript; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ] as const) {
      const res = await get(path, { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toBe(type);
    }
    const page = await get('/lobby', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gunzipSync(page.body).toString()).toBe(INDEX);
  });

  it('an already compressed type (a font) is sent as it is, whatever lies beside it', async () => {
    const res = await get('/assets/inter-1234.woff2', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary ?? '').not.toMatch(/Accept-Encoding/);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.body.equals(FONT)).toBe(true);
  });

  it('a file changed after the build goes out as it is now, not as its older .br says', async () => {
    const res = await get('/assets/edited-1234.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(`${APP_JS}// edited\n`);
  });

  it('a Range request gets the whole answer, never a slice of compressed bytes', async () => {
    for (const acceptEncoding of ['br', 'identity']) {
      const res = await get('/assets/app-1234.js', { 'accept-encoding': acceptEncoding, range: 'bytes=0-9' });
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers['content-range'], acceptEncoding).toBeUndefined();
      expect(res.headers['accept-ranges'], acceptEncoding).toBe('none');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
  });
});

describe('caching and revalidation (OPERATIONS §12.2)', () => {
  it('hashed files under /assets/ are kept a year; index.html, the fallback, sw.js, the manifest and robots.txt are revalidated', async () => {
    expect((await get('/assets/app-1234.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/inter-1234.woff2')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html', '/lobby', '/sw.js', '/manifest.webmanifest', '/robots.txt']) {
      const res = await get(path, { accept: 'text/html' });
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.etag, path).toMatch(/^W\/"/);
      expect(Date.parse(String(res.headers['last-modified'])), path).not.toBeNaN();
    }
  });

  it('the page icons at the top of the folder are kept a day; the same name deeper down is revalidated', async () => {
    for (const path of ['/favicon.svg', '/icon.svg']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('public, max-age=86400');
    }
    expect((await get('/art/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('If-None-Match with the ETag answers 304 with no body, per coding; another coding’s ETag does not match', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const plain = await get('/');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toMatch(/\bAccept-Encoding\b/);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await get('/', { 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
    expect((await get('/', { 'if-none-match': String(br.headers.etag) })).status).toBe(200);
    expect((await get('/', { 'if-none-match': `"nope", ${String(plain.headers.etag)}` })).status).toBe(304);
  });

  it('If-Modified-Since at or after the file’s time answers 304, before it 200', async () => {
    const first = await get('/robots.txt');
    const modified = String(first.headers['last-modified']);
    expect((await get('/robots.txt', { 'if-modified-since': modified })).status).toBe(304);
    const before = new Date(Date.parse(modified) - 60_000).toUTCString();
    expect((await get('/robots.txt', { 'if-modified-since': before })).status).toBe(200);
  });
});

describe('HEAD, unknown paths and robots.txt (OPERATIONS §12.3)', () => {
  const sameHeaders = (head: Answer, getAnswer: Answer) => {
    const strip = ({ date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest }: Answer['headers']) =>
      rest;
    expect(strip(head.headers)).toEqual(strip(getAnswer.headers));
  };

  it('HEAD on every page route, on static files and on the API answers GET’s status and headers without a body', async () => {
    const paths = [
      '/',
      '/main-menu',
      '/game',
      '/lobby',
      '/replay/abc',
      '/join/xyz',
      '/some/unknown/page',
      '/assets/app-1234.js',
      '/robots.txt',
      '/api/health',
    ];
    for (const path of paths) {
      for (const headers of [{}, { accept: 'text/html', 'accept-encoding': 'br, gzip' }] as Record<string, string>[]) {
        const [viaGet, viaHead] = [await get(path, headers), await get(path, headers, 'HEAD')];
        expect(viaGet.status, path).toBe(200);
        expect(viaHead.status, path).toBe(200);
        sameHeaders(viaHead, viaGet);
        expect(viaHead.body.length, path).toBe(0);
      }
    }
    // Not found is not found either way (the 404's message names the method, so its length differs).
    for (const path of ['/api/nothing-here', '/favicon.ico']) {
      const viaHead = await get(path, {}, 'HEAD');
      expect(viaHead.status, path).toBe(404);
      expect(viaHead.body.length, path).toBe(0);
    }
  });

  it('robots.txt is the file, as text/plain, allowing the game and keeping crawlers off /api/ and /admin', async () => {
    const res = await get('/robots.txt', { accept: 'text/html,*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = res.body.toString();
    expect(text).not.toContain('<!doctype html>');
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
  });

  it('a missing file (a name with a dot, or anything under /assets/) is a 404, never the app’s HTML', async () => {
    for (const path of ['/favicon.ico', '/foo.js', '/assets/missing-1234.js', '/assets/missing', '/assets/']) {
      for (const accept of ['*/*', 'text/html,*/*;q=0.8']) {
        const res = await get(path, { accept });
        expect(res.status, `${path} ${accept}`).toBe(404);
        expect(res.headers['content-type'], path).toMatch(/^application\/json/);
        expect(res.body.toString(), path).not.toContain('<!doctype html>');
      }
    }
    // A page route asked for as something other than HTML is not the app either.
    expect((await get('/main-menu', { accept: 'application/json' })).status).toBe(404);
  });

  it('a path that leaves the folder (.., escaped or not), names a dot file, or holds NUL or a bad escape is refused', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/index.html%00',
      '/%00',
      '/.env',
      '/assets/.hidden',
      '/%E0%A4%A',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(path, { accept: 'text/html', 'accept-encoding': 'br' }, method);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.toString(), path).not.toContain('the secret outside');
        expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      }
    }
  });
});
