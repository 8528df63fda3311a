/** Route /watch/$lobbyId (ARCHITECTURE §7.1): a running online game watched live (watch/WatchScreen.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { parseReplaySearch } from '../../replay/search';
import { WatchScreen } from '../../watch/WatchScreen';

/** /watch/$lobbyId: a running online game, watched live and read-only (a spectator). */
export const Route = createFileRoute('/_fullscreen/watch/$lobbyId')({
  // Split from the first bundle with the viewer it shows.
  codeSplitGroupings: [['component']],
  validateSearch: parseReplaySearch,
  component: WatchScreen,
});
