import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { AdminConsole } from '../../admin/AdminConsole';

const text = z.optional(z.string().check(z.maxLength(64)));
const day = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));
/** The console's tab and its lobby search (OPERATIONS §11.5), so a search is a link. */
const searchSchema = z.object({
  tab: z.optional(z.enum(['lobbies', 'reports', 'sanctions', 'audit'])),
  q: text,
  status: z.optional(z.enum(['waiting', 'running', 'finished', 'abandoned', 'closed'])),
  since: day,
  until: day,
  sort: z.optional(z.enum(['created', 'updated'])),
  order: z.optional(z.enum(['asc', 'desc'])),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000))),
});

export const Route = createFileRoute('/_default/admin')({
  validateSearch: searchSchema,
  component: function AdminRoute() {
    return <AdminConsole search={Route.useSearch()} />;
  },
});
