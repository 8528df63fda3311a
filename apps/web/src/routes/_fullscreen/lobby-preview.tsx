/** Route /lobby-preview (ARCHITECTURE §7.1): the offline lobby before a game (lobby/LobbyPreview.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { LobbyPreview } from '../../lobby/LobbyPreview';

export const Route = createFileRoute('/_fullscreen/lobby-preview')({
  component: LobbyPreview,
});
