import { createFileRoute } from '@tanstack/react-router';
import { LobbyPreview } from '../../lobby/LobbyPreview';

export const Route = createFileRoute('/_fullscreen/lobby-preview')({
  component: LobbyPreview,
});
