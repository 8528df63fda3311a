/** Every HTTP error in the `{error: {code, message}}` shape of PROTOCOL §8.1, unknown routes included. */
import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { HttpErrorCode } from '@four-banners/protocol';
import type { Request, Response } from 'express';

const CODE_OF: Partial<Record<number, HttpErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'invalid_payload',
  [HttpStatus.UNAUTHORIZED]: 'unauthorized',
  [HttpStatus.NOT_FOUND]: 'not_found',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'admin_disabled',
};

@Catch(HttpException)
export class HttpExceptionFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
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
