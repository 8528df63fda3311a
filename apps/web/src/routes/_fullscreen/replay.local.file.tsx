import { createFileRoute } from '@tanstack/react-router';
import { parseReplaySearch } from '../../replay/search';
import { FileReplayScreen } from '../../replay/ui/LocalReplayScreens';
import { LocalReplayErrorPage } from '../../replay/ui/LocalReplayErrorPage';

/** The save file the player opened (kept in memory only), as a replay. */
export const Route = createFileRoute('/_fullscreen/replay/local/file')({
  codeSplitGroupings: [['component'], ['errorComponent']],
  validateSearch: parseReplaySearch,
  component: FileReplayScreen,
  errorComponent: LocalReplayErrorPage,
});
