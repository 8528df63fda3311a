/**
 * The request bodies of the API (PROTOCOL §8.8): only `POST /api/admin/…` takes one, a JSON object of at most
 * `ADMIN_BODY_MAX_BYTES`. An empty body reads as `{}`. A body too big answers 413, one that is not JSON 400,
 * both in the `{error: {code, message}}` shape of PROTOCOL §8.1. Nest's own body parsers are off (see server.ts).
 */
import type { HttpError } from '@four-banners/protocol';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The largest admin request body. */
export const ADMIN_BODY_MAX_BYTES = 16 * 1024;

function refuse(res: Response, status: number, message: string): void {
  const body: HttpError = { error: { code: 'invalid_payload', message } };
  res.status(status).json(body);
}

/** Reads the JSON body of admin POSTs into `req.body`; other requests pass untouched (with no body read). */
export function adminJsonBody(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !req.path.toLowerCase().startsWith('/api/admin/')) return next();
    if (Number(req.headers['content-length'] ?? 0) > ADMIN_BODY_MAX_BYTES)
      return refuse(res, 413, `The body is over ${ADMIN_BODY_MAX_BYTES / 1024} KiB.`);
    const chunks: Buffer[] = [];
    let bytes = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      bytes += chunk.length;
      if (bytes > ADMIN_BODY_MAX_BYTES) {
        over = true;
        refuse(res, 413, `The body is over ${ADMIN_BODY_MAX_BYTES / 1024} KiB.`);
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', next);
    req.on('end', () => {
      if (over) return;
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') {
        req.body = {};
        return next();
      }
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
        return refuse(res, 400, 'Send the body as JSON (Content-Type: application/json).');
      try {
        req.body = JSON.parse(text) as unknown;
      } catch {
        return refuse(res, 400, 'The body is not valid JSON.');
      }
      next();
    });
  };
}
