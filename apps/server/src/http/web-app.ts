/**
 * The built web app (OPERATIONS §12): its files as the build left them, and index.html for the app's own
 * routes (the SPA fallback). Text files go out precompressed — the build writes a `.br` and a `.gz` beside
 * each one — so no request costs any compression work here; the answer's coding follows the request's
 * `Accept-Encoding`. GET and HEAD answer alike (HEAD without the body); 304 on `If-None-Match` or
 * `If-Modified-Since`; hashed files under /assets/ are cached for a year, the rest revalidated. Paths with
 * `..`, `.` or dot-file segments, NUL or a bad escape are never looked up, so nothing outside the folder
 * can be read.
 */
import type { Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isApiPath } from './api-gate.js';

/** The codings the build writes beside a file, best first: `<file>.br`, `<file>.gz`. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Types worth compressing (the build precompresses these); fonts and images are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = [
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

/** Vite's content-hashed output: a new build gives a changed file a new name, so it may be kept for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The page icons at fixed names (favicon.svg, icon.svg): kept a day. The browser asks for the page icon
 * again on every change of the address, a replay's position included; revalidating each time cost a
 * request to the server (kept, it comes from the browser's cache). A new icon shows within a day.
 */
export const ICON = 'public, max-age=86400';
/** Everything else (index.html, sw.js, the manifest, robots.txt) is revalidated on every use. */
export const REVALIDATE = 'no-cache';

const ICON_TYPES = new Set(['.svg', '.png', '.ico', '.webp']);

/** How long the browser may keep a file of the build at `relative` without asking again. */
export function cacheControlOf(relative: string): string {
  if (relative.startsWith('assets/')) return IMMUTABLE;
  return !relative.includes('/') && ICON_TYPES.has(extname(relative)) ? ICON : REVALIDATE;
}

/**
 * A `.br` or `.gz` written more than this long before its file is stale: the file was changed after the
 * build, and goes out uncompressed until the next build writes its variants again. (A copy of the folder
 * that does not keep times may write a variant a moment before its file; that is not staleness.)
 */
export const STALE_VARIANT_MS = 1000;

/**
 * The coding to send, from `Accept-Encoding` (RFC 9110, section 12.5.3) and the codings at hand: the one with the
 * highest q-value above 0, br before gzip on a tie; `*` stands for any coding not named; `x-gzip` is gzip.
 * No header, or nothing acceptable at hand: null (the file as it is).
 */
export function negotiateCoding(header: string | undefined, available: readonly Coding[]): Coding | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim().toLowerCase());
      if (key === 'q') weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue;
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}

/**
 * The file a request path names, relative to the folder, or null when the path is refused: a bad escape,
 * NUL, a backslash, or a `.`/`..`/dot-file segment. A trailing slash names the folder's index.html.
 */
export function safeRelativePath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.slice(1).split('/');
  if (segments.slice(0, -1).some((s) => s === '' || s.startsWith('.'))) return null;
  const last = segments[segments.length - 1]!;
  if (last.startsWith('.')) return null;
  return last === '' ? [...segments.slice(0, -1), 'index.html'].join('/') : segments.join('/');
}

/**
 * Whether an unknown path gets the app's index.html: a GET or HEAD that accepts HTML, outside /assets/,
 * whose last segment is not a file name (has no dot). So `/lobby` and `/replay/abc` get the app, and a
 * missing `/favicon.ico`, `/foo.js` or `/assets/x` a 404.
 */
export function wantsApp(req: Request): boolean {
  const path = req.path;
  if (/^\/assets(?:\/|$)/i.test(path)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') && req.accepts('html') === 'html';
}

async function statFile(path: string): Promise<Stats | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** The precompressed variants of `file` that are at hand and not stale. */
async function variantsOf(file: string, original: Stats): Promise<Coding[]> {
  if (!COMPRESSIBLE_EXTENSIONS.includes(extname(file).toLowerCase())) return [];
  const found = await Promise.all(
    CODINGS.map(async (coding) => {
      const s = await statFile(file + SUFFIX[coding]);
      return s && s.mtimeMs >= original.mtimeMs - STALE_VARIANT_MS ? coding : null;
    }),
  );
  return found.filter((c): c is Coding => c !== null);
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

function notModified(req: Request, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Sends `file` (or its best variant) with its headers; HEAD and 304 without a body. */
async function sendFile(req: Request, res: Response, file: string, original: Stats, cacheControl: string) {
  const variants = await variantsOf(file, original);
  const coding = negotiateCoding(req.headers['accept-encoding'], variants);
  const handle = await open(coding ? file + SUFFIX[coding] : file, 'r');
  let streaming = false;
  try {
    const sent = await handle.stat();
    const etag = `W/"${sent.size.toString(16)}-${Math.floor(sent.mtimeMs).toString(16)}${coding ? `-${coding}` : ''}"`;
    res.setHeader('Cache-Control', cacheControl);
    if (variants.length > 0) res.vary('Accept-Encoding');
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', sent.mtime.toUTCString());
    // Whole answers only: a byte range of a compressed answer is easy to get wrong, and nothing here needs one.
    res.setHeader('Accept-Ranges', 'none');
    if (notModified(req, etag, sent.mtimeMs)) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
    if (coding) res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', String(sent.size));
    if (req.method === 'HEAD' || sent.size === 0) {
      res.end();
      return;
    }
    streaming = true;
    // The handle closes with the stream; a client that goes away just ends it.
    pipeline(handle.createReadStream({ start: 0, end: sent.size - 1 }), res, () => undefined);
  } finally {
    if (!streaming) await handle.close();
  }
}

/** Express middleware serving the built app in `dir`, with the SPA fallback; anything else goes on to Nest. */
export function webApp(dir: string): RequestHandler {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    const relative = safeRelativePath(req.path);
    if (relative === null) return next();
    const file = join(root, relative);
    if (!file.startsWith(root + sep)) return next();
    const serve = async () => {
      const found = await statFile(file);
      if (found) return sendFile(req, res, file, found, cacheControlOf(relative));
      const app = wantsApp(req) ? await statFile(index) : null;
      if (app) return sendFile(req, res, index, app, REVALIDATE);
      next();
    };
    serve().catch(next);
  };
}
