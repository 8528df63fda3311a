/**
 * Security headers on every HTTP answer (API, static files, the SPA fallback, 404s), with helmet.
 * The Content-Security-Policy is the narrowest one the built web app runs under without a violation
 * (the e2e suite loads every route and fails on any report).
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Each directive with the reason for every source beyond `'self'`. */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // The built app is module scripts from /assets only: no inline script, no eval.
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // Mantine writes its CSS variables and responsive style props into <style> elements at run time.
  'style-src': ["'self'", "'unsafe-inline'"],
  // The page icon follows the country to move as an SVG data: URL (apps/web/src/art/art.ts unitIconUrl).
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  // The API and the socket.io websocket at /api/socket, both same-origin ('self' covers ws:/wss: of it).
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  // The offline worker /sw.js and the workbox script it imports.
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The policy as sent, e.g. for tests and the docs. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');

/** The middleware that sets them; install it before anything else answers. */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Ignored over plain HTTP; behind TLS it must not pin the operator's other subdomains.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  }) as RequestHandler;
}
