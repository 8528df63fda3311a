/**
 * The local replays: the offline game of this device (/replay/local/current), a save
 * (/replay/local/save/$saveId) and an opened file (/replay/local/file). Each shows its log in the same
 * viewer as online games, or says why there is nothing to replay; "back" goes where it was opened from.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { openReplayFile, useOpenedReplayFile } from '../../saves/local-file';
import type { LocalReplay } from '../../saves/local-sources';
import { LocalReplayNotice } from './LocalReplayNotice';
import type { ReplayBack } from './ReplayHeader';
import { ReplayViewer } from './ReplayViewer';

const SAVED_GAMES: ReplayBack = { label: 'Saved games', to: '/saves' };
const BACK_TO_GAME: ReplayBack = { label: 'Back to the game', to: '/game' };

const currentRoute = getRouteApi('/_fullscreen/replay/local/current');
const saveRoute = getRouteApi('/_fullscreen/replay/local/save/$saveId');

function LocalReplayView({
  replay,
  back,
  onPickFile,
}: {
  replay: LocalReplay;
  back: ReplayBack;
  onPickFile?: (file: File) => void;
}) {
  return replay.ok ? (
    <ReplayViewer events={replay.events} back={back} />
  ) : (
    <LocalReplayNotice problem={replay.problem} back={back} onPickFile={onPickFile} />
  );
}

/** Opens a chosen file in the file replay page (from any local replay page that offers a file chooser). */
function usePickFile(): (file: File) => void {
  const navigate = useNavigate();
  return (file) => void openReplayFile(file).then(() => navigate({ to: '/replay/local/file' }));
}

export function CurrentGameReplayScreen() {
  const replay = currentRoute.useLoaderData();
  const { from } = currentRoute.useSearch();
  return <LocalReplayView replay={replay} back={from === 'saves' ? SAVED_GAMES : BACK_TO_GAME} />;
}

export function SaveReplayScreen() {
  const replay = saveRoute.useLoaderData();
  return <LocalReplayView replay={replay} back={SAVED_GAMES} />;
}

export function FileReplayScreen() {
  const opened = useOpenedReplayFile();
  const pickFile = usePickFile();
  if (!opened) return <LocalReplayNotice problem={{ code: 'file_gone' }} back={SAVED_GAMES} onPickFile={pickFile} />;
  // A newly opened file starts a new viewer (its own positions), not a seek in the previous one.
  return <LocalReplayView key={opened.id} replay={opened.replay} back={SAVED_GAMES} onPickFile={pickFile} />;
}
