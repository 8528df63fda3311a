import { createFileRoute } from '@tanstack/react-router';
import { replayOfSave } from '../../replay/local-sources';
import { parseReplaySearch } from '../../replay/search';
import { SaveReplayScreen } from './-components/LocalReplayScreens';
import { LocalReplayErrorPage } from './-components/LocalReplayErrorPage';

/** A save of this browser as a replay. */
export const Route = createFileRoute('/_fullscreen/replay/local/save/$saveId')({
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  validateSearch: parseReplaySearch,
  loader: ({ params }) => replayOfSave(params.saveId),
  component: SaveReplayScreen,
  errorComponent: LocalReplayErrorPage,
});
