/** A query or body checked against its zod schema: 400 `invalid_payload` with the first issue (PROTOCOL §8.1). */
import { HttpStatus } from '@nestjs/common';
import type { z } from 'zod';
import { httpError } from '../common/http-errors.js';

export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw httpError(HttpStatus.BAD_REQUEST, 'invalid_payload', `${where}${issue?.message ?? 'Invalid query.'}`);
}
