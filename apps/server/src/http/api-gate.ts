/**
 * What every `/api` request passes before a route sees it: the per-address HTTP rate (429 with
 * `Retry-After`; big answers cost more, by their size) and the origin check (403 for a browser page from an origin the server does not
 * allow), with CORS answers for the configured foreign origins (ALLOWED_ORIGINS). Static files and
 * the SPA fallback are not limited. The socket's own checks live in the gateway.
 */
import type { HttpError, HttpErrorCode } from '@four-banners/protocol';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RateLimit, ServerConfig } from '../common/config.js';
import { clientAddress } from '../common/client-address.js';
import { REFUSAL_MESSAGES, type LimitsService } from '../limits/limits.service.js';
import { originAllowed } from '../limits/origin.js';

/** The answer bytes one token of the HTTP rate pays for. */
export const HTTP_TOKEN_BYTES = 64 * 1024;

/** Request headers the API reads, which a cross-origin page must be allowed to send. */
const API_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'X-Player-Id', 'X-Player-Token'];
/** POST only for the admin API (PROTOCOL §8.8). */
const API_METHODS = ['GET', 'HEAD', 'POST'];

/** Whether `path` belongs to the API (routes match case-insensitively, so the check does too). */
export function isApiPath(path: string): boolean {
  const p = path.toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}

/** Whole seconds until one request is allowed again after a refusal by `limit`. */
export function retryAfterSeconds(limit: RateLimit): number {
  return limit.refillPerSecond > 0 ? Math.max(1, Math.ceil(1 / limit.refillPerSecond)) : 60;
}

function refuse(res: Response, status: number, code: HttpErrorCode, message: string): void {
  const body: HttpError = { error: { code, message } };
  res.status(status).json(body);
}

/** The gate as Express middleware; it passes non-API requests through untouched. */
export function apiGate(config: ServerConfig, limits: LimitsService): RequestHandler {
  const retryAfter = String(retryAfterSeconds(config.address.http));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path)) return next();
    const origin = req.headers.origin;
    const allowed = originAllowed(origin, req.headers.host, config.allowedOrigins);
    // The answer depends on Origin, so caches must keep one per origin.
    res.vary('Origin');
    if (allowed && origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    }
    // Counted first, so refused origins are rate-limited too; a 429 carries CORS headers so a page can read it.
    const address = clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      config.trustProxy,
      config.trustedProxies,
    );
    limits
      .allowAddress('http', address)
      .then((admitted) => {
        if (!admitted) {
          res.setHeader('Retry-After', retryAfter);
          return refuse(res, 429, 'rate_limited', REFUSAL_MESSAGES.http);
        }
        // A big answer costs more than a small one: one more token per 64 KiB past the first.
        res.once('finish', () => {
          const bytes = Number(res.getHeader('content-length') ?? 0);
          if (bytes > HTTP_TOKEN_BYTES) limits.chargeAddress('http', address, Math.ceil(bytes / HTTP_TOKEN_BYTES) - 1);
        });
        if (!allowed) {
          return refuse(
            res,
            403,
            'forbidden_origin',
            `This server does not accept API requests from pages on ${String(origin).slice(0, 100)}.`,
          );
        }
        if (req.method === 'OPTIONS') {
          res.setHeader('Allow', [...API_METHODS, 'OPTIONS'].join(', '));
          res.setHeader('Access-Control-Allow-Methods', API_METHODS.join(', '));
          res.setHeader('Access-Control-Allow-Headers', API_REQUEST_HEADERS.join(', '));
          res.setHeader('Access-Control-Max-Age', '600');
          res.status(204).end();
          return;
        }
        next();
      })
      .catch(next);
  };
}
