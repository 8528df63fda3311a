/** Route /replay/local/current (ARCHITECTURE §7.1): the offline game of this device as a replay. */
import { createFileRoute } from '@tanstack/react-router';
import { replayOfCurrentGame } from '../../saves/local-sources';
import { parseReplaySearch } from '../../replay/search';
import { CurrentGameReplayScreen } from '../../replay/ui/LocalReplayScreens';
import { LocalReplayErrorPage } from '../../replay/ui/LocalReplayErrorPage';

/** `?from=saves`: opened from the saves screen, so "back" goes there (else back to the game). */
const validateSearch = (raw: Record<string, unknown>) => ({
  ...parseReplaySearch(raw),
  ...(raw.from === 'saves' ? { from: 'saves' as const } : {}),
});

/** The offline game of this device as a replay, as far as it has been played. */
export const Route = createFileRoute('/_fullscreen/replay/local/current')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  validateSearch,
  // Read anew each time the page is entered (the game goes on); a seek (search change) keeps it.
  loader: () => replayOfCurrentGame(),
  // A seek changes only the search: the log is read when the page is entered, not again on every step.
  shouldReload: ({ cause }) => cause === 'enter',
  component: CurrentGameReplayScreen,
  errorComponent: LocalReplayErrorPage,
});
