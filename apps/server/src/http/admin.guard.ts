/** The admin API's bearer check (PROTOCOL §8.4): 503 when ADMIN_TOKEN is unset, 401 when missing or wrong. */
import { HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { secretsEqual } from '../common/ids.js';
import { httpError } from './http-errors.js';

@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(CONFIG) private readonly config: ServerConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.config.adminToken;
    if (!expected) {
      throw httpError(
        HttpStatus.SERVICE_UNAVAILABLE,
        'admin_disabled',
        'The admin API is off: start the server with ADMIN_TOKEN set.',
      );
    }
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const match = /^Bearer (.+)$/i.exec(header);
    // Compared in constant time whatever the outcome, so timing says nothing about the token.
    if (!match || !secretsEqual(match[1]!, expected)) {
      throw httpError(
        HttpStatus.UNAUTHORIZED,
        'unauthorized',
        'A valid "Authorization: Bearer <ADMIN_TOKEN>" header is required.',
      );
    }
    return true;
  }
}
