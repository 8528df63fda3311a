/** Route /replay/local/save/$saveId (ARCHITECTURE §7.1): a save of this browser as a replay. */
import { createFileRoute } from '@tanstack/react-router';
import { replayOfSave } from '../../saves/local-sources';
import { parseReplaySearch } from '../../replay/search';
import { SaveReplayScreen } from '../../replay/ui/LocalReplayScreens';
import { LocalReplayErrorPage } from '../../replay/ui/LocalReplayErrorPage';

/** A save of this browser as a replay. */
export const Route = createFileRoute('/_fullscreen/replay/local/save/$saveId')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  validateSearch: parseReplaySearch,
  loader: ({ params }) => replayOfSave(params.saveId),
  // A seek changes only the search: the log is read when the page is entered, not again on every step.
  shouldReload: ({ cause }) => cause === 'enter',
  component: SaveReplayScreen,
  errorComponent: LocalReplayErrorPage,
});
