/** HTTP errors in the `{error: {code, message}}` shape of PROTOCOL §8.1. */
import { HttpException, HttpStatus } from '@nestjs/common';
import type { HttpErrorCode } from '@four-banners/protocol';

export function httpError(status: HttpStatus, code: HttpErrorCode, message: string): HttpException {
  return new HttpException({ error: { code, message } }, status);
}
