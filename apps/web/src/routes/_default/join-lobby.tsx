import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { JoinLobby } from './-components/JoinLobby';

/** `?id=` is a shared invitation: the lobby id comes filled in. */
const searchSchema = z.object({ id: z.optional(z.string().check(z.maxLength(64))) });

export const Route = createFileRoute('/_default/join-lobby')({
  validateSearch: searchSchema,
  component: JoinLobby,
});
