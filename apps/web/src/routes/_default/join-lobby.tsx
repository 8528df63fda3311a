/** Route /join-lobby (ARCHITECTURE §7.1): create or join an online lobby (lobby/JoinLobby.tsx). */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { JoinLobby } from '../../lobby/JoinLobby';

/** `?id=` is an invitation from before `/join/<id>`: it lands on that lobby's invite page. */
const searchSchema = z.object({ id: z.optional(z.string().check(z.maxLength(64))) });

export const Route = createFileRoute('/_default/join-lobby')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    const id = search.id?.trim().toUpperCase();
    if (id) throw redirect({ to: '/join/$lobbyId', params: { lobbyId: id }, replace: true });
  },
  component: JoinLobby,
});
