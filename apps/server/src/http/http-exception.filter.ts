/**
 * Every HTTP error in the `{error: {code, message}}` shape of PROTOCOL §8.1, unknown routes included; a
 * database or Redis that did not answer is `503 unavailable` with `Retry-After` (ARCHITECTURE §5.10), and
 * anything else thrown is a bug, logged, and answered `500 server_error`.
 */
import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { HttpErrorCode } from '@four-banners/protocol';
import type { Request, Response } from 'express';
import type { LogFields } from '../common/logger.js';
import { RETRY_AFTER_MS, isOutage } from '../common/outage.js';

const CODE_OF: Partial<Record<number, HttpErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'invalid_payload',
  [HttpStatus.UNAUTHORIZED]: 'unauthorized',
  [HttpStatus.NOT_FOUND]: 'not_found',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'admin_disabled',
};

/** Where a bug's error goes (the app's logger; the filter is made before the app's providers). */
type BugLog = (message: string, fields: LogFields) => void;

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logBug: BugLog) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    // A stream already under way (a log export) cannot take an error body: it is cut instead.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (!(exception instanceof HttpException)) {
      if (isOutage(exception)) {
        res.setHeader('Retry-After', String(Math.ceil(RETRY_AFTER_MS.storage / 1000)));
        res.status(HttpStatus.SERVICE_UNAVAILABLE).json({
          error: {
            code: 'unavailable',
            message: "The game server's storage cannot be reached: try again in a moment.",
          },
        });
        return;
      }
      this.logBug('request-failed', {
        route: `${req.method} ${req.path}`,
        error: exception instanceof Error ? exception.stack : String(exception),
      });
      res
        .status(HttpStatus.INTERNAL_SERVER_ERROR)
        .json({ error: { code: 'server_error', message: 'The server could not do that.' } });
      return;
    }
    const status = exception.getStatus();
    const body = exception.getResponse();
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object') {
      res.status(status).json(body);
      return;
    }
    const message = status === HttpStatus.NOT_FOUND ? `No route ${req.method} ${req.path}.` : exception.message;
    res.status(status).json({ error: { code: CODE_OF[status] ?? 'invalid_payload', message } });
  }
}
