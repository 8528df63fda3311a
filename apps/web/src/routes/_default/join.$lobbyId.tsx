/** Route /join/$lobbyId (ARCHITECTURE §7.1): an invite link's landing (lobby/InvitePage.tsx). */
import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../lobby/InvitePage';

/** /join/$lobbyId: an invite link — that lobby, and one button to take a free colour in it (PROTOCOL §8.7). */
export const Route = createFileRoute('/_default/join/$lobbyId')({
  component: InvitePage,
});
