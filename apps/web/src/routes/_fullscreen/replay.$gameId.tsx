/** Route /replay/$gameId (ARCHITECTURE §7.1): an online game's replay (replay/ui/ReplayScreen.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { gameLogQueryOptions } from '../../online/game-queries';
import { parseReplaySearch } from '../../replay/search';
import { ReplayErrorPage } from '../../replay/ui/ReplayErrorPage';
import { ReplayScreen } from '../../replay/ui/ReplayScreen';

export const Route = createFileRoute('/_fullscreen/replay/$gameId')({
  // The loader is split with the component, so the first bundle carries none of the replay's code.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  validateSearch: parseReplaySearch,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(gameLogQueryOptions(params.gameId)),
  component: ReplayScreen,
  errorComponent: ReplayErrorPage,
});
