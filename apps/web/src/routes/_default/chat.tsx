import { createFileRoute } from '@tanstack/react-router';
import { ChatPage } from '../../lobby/ChatPage';

export const Route = createFileRoute('/_default/chat')({
  component: ChatPage,
});
