import { createFileRoute } from '@tanstack/react-router';
import { LobbyPreview } from './-components/LobbyPreview';

export const Route = createFileRoute('/_fullscreen/lobby-preview')({
  component: LobbyPreview,
});
