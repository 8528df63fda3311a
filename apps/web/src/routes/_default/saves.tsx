/** Route /saves (ARCHITECTURE §7.1): this device's saves and the online replays (saves/SavesScreen.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { savesQueryOptions } from '../../saves/queries';
import { SavesScreen } from '../../saves/SavesScreen';

/** `?tab=replays` shows the online games' replays; `?offset=` is the page of that list. */
const searchSchema = z.object({
  tab: z.optional(z.enum(['saves', 'replays'])),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
});

export const Route = createFileRoute('/_default/saves')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(savesQueryOptions()),
  component: SavesScreen,
});
