import { createFileRoute } from '@tanstack/react-router';
import { JoinLobby } from './-components/JoinLobby';

export const Route = createFileRoute('/_default/join-lobby')({
  component: JoinLobby,
});
