/** Route /chat (ARCHITECTURE §7.1): the lobby chat on its own page (lobby/ChatPage.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../lobby/ChatPage';

export const Route = createFileRoute('/_default/chat')({
  component: ChatPage,
});
