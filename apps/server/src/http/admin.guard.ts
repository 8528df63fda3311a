/**
 * The admin API's bearer check (PROTOCOL §8.4): 503 when no admin token is set, 401 when the token is missing
 * or wrong (and 429 once an address has sent too many wrong ones), 403 `forbidden` when a read-only token asks
 * for a moderation route (`@Moderation()`). The token's name is the admin the audit log records.
 */
import {
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  createParamDecorator,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { clientAddress } from '../common/client-address.js';
import { CONFIG, type AdminToken, type ServerConfig } from '../common/config.js';
import { secretsEqual } from '../common/ids.js';
import { LimitsService, REFUSAL_MESSAGES } from '../limits/limits.service.js';
import { httpError } from '../common/http-errors.js';

/** Who is asking, once the guard has let the request in. */
export interface AdminCaller {
  readonly name: string;
  readonly canModerate: boolean;
}

const MODERATION = 'fb:moderation';
/** Marks a route (or a controller) that changes something: read-only tokens are refused with 403. */
export const Moderation = () => SetMetadata(MODERATION, true);

/** The admin the guard let in (`@Admin() admin: AdminCaller`). */
export const Admin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AdminCaller =>
    (context.switchToHttp().getRequest<Request>() as Request & { admin: AdminCaller }).admin,
);

/**
 * The token `presented` matches, compared in constant time against every token whatever the outcome, so
 * timing says nothing about which names exist or how much of a token was right.
 */
export function adminOf(tokens: readonly AdminToken[], presented: string): AdminCaller | undefined {
  let found: AdminToken | undefined;
  for (const t of tokens) if (secretsEqual(presented, t.token) && found === undefined) found = t;
  return found && { name: found.name, canModerate: found.canModerate };
}

@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.config.adminTokens.length === 0) {
      throw httpError(
        HttpStatus.SERVICE_UNAVAILABLE,
        'admin_disabled',
        'The admin API is off: start the server with ADMIN_TOKENS (or ADMIN_TOKEN) set.',
      );
    }
    const req = context.switchToHttp().getRequest<Request>();
    const match = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const admin = match ? adminOf(this.config.adminTokens, match[1]!) : undefined;
    if (!admin) {
      const address = clientAddress(
        req.socket.remoteAddress,
        req.headers['x-forwarded-for'],
        this.config.trustProxy,
        this.config.trustedProxies,
      );
      if (!(await this.limits.allowAddress('admin_failures', address)))
        throw httpError(HttpStatus.TOO_MANY_REQUESTS, 'rate_limited', REFUSAL_MESSAGES.admin_failures);
      throw httpError(
        HttpStatus.UNAUTHORIZED,
        'unauthorized',
        'A valid "Authorization: Bearer <admin token>" header is required.',
      );
    }
    const moderation = this.reflector.getAllAndOverride<boolean>(MODERATION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (moderation && !admin.canModerate)
      throw httpError(HttpStatus.FORBIDDEN, 'forbidden', `The admin token "${admin.name}" is read-only.`);
    (req as Request & { admin: AdminCaller }).admin = admin;
    return true;
  }
}
