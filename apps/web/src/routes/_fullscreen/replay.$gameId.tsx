import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { gameLogQueryOptions } from '../../replay/queries';
import { ReplayErrorPage } from './-components/ReplayErrorPage';
import { ReplayScreen } from './-components/ReplayScreen';

/** `?seq=` opens the replay at that point of the log (a deep link; a seq past the end opens the end). */
const searchSchema = z.object({ seq: z.optional(z.coerce.number().check(z.int(), z.gte(0))) });

export const Route = createFileRoute('/_fullscreen/replay/$gameId')({
  // The loader is split with the component, so the first bundle carries none of the replay's code.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  validateSearch: searchSchema,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(gameLogQueryOptions(params.gameId)),
  component: ReplayScreen,
  errorComponent: ReplayErrorPage,
});
