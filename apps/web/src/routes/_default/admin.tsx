import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { AdminPage } from './-components/AdminPage';

const seq = z.optional(z.coerce.number().check(z.int(), z.gte(0)));
/** `?lobby=` the lobby shown, `?from=` the first seq of its events page, `?seq=` the state shown. */
const searchSchema = z.object({ lobby: z.optional(z.string()), from: seq, seq });

export const Route = createFileRoute('/_default/admin')({
  validateSearch: searchSchema,
  component: AdminPage,
});
