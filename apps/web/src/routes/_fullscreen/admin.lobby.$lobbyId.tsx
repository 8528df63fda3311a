import { createFileRoute } from '@tanstack/react-router';
import { AdminLobbyScreen } from '../../admin/AdminLobbyScreen';
import { parseReplaySearch } from '../../replay/search';

/** /admin/lobby/$lobbyId?seq=: one lobby in the admin console, its board at any seq (OPERATIONS §11.5). */
export const Route = createFileRoute('/_fullscreen/admin/lobby/$lobbyId')({
  codeSplitGroupings: [['component']],
  validateSearch: parseReplaySearch,
  component: AdminLobbyScreen,
});
