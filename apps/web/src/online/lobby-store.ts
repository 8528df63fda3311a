/**
 * The client's lobby state (SPEC.md §3 Lobby). Offline this stays at its defaults; the online lobby
 * (the server's issue) fills it from socket events and folds the same log the offline game does.
 */
import type { Player } from '@four-banners/engine';
import { setDialog } from '../app/app-state';
import { createStore, useStore } from '../app/store';

export interface LobbyMessage {
  readonly playerId: string;
  readonly msg: string;
}

export interface ClientLobby {
  readonly lobbyId: string | null;
  readonly playerId: string;
  readonly adminId: string;
  readonly online: boolean;
  readonly players: readonly Player[];
  readonly messages: readonly LobbyMessage[];
  readonly draft: string;
  readonly lastSeenMessage: number | undefined;
  /** The socket is connected. */
  readonly status: boolean;
}

export const initialLobby: ClientLobby = {
  lobbyId: null,
  playerId: '0000',
  adminId: '0000',
  online: false,
  players: [],
  messages: [],
  draft: '',
  lastSeenMessage: undefined,
  status: false,
};

export const lobbyStore = createStore<ClientLobby>(initialLobby);

/** Socket status changes; an online lobby whose socket drops shows the lost-connection dialog. */
export function setSocketStatus(status: boolean): void {
  const before = lobbyStore.get();
  lobbyStore.set({ ...before, status });
  if (before.online && before.status && !status) setDialog('lobbyDisconnected', true);
}

export function setLobbyOnline(online: boolean): void {
  lobbyStore.set((l) => ({ ...l, online }));
}

/** Back to an empty offline lobby (leaving, or a lobby-update with online false). */
export function resetLobby(): void {
  lobbyStore.set((l) => ({ ...initialLobby, status: l.status }));
}

/** Whether the chat indicator shows (SPEC.md §3): messages exist and the latest is unseen. */
export function hasUnseenMessages(l: ClientLobby): boolean {
  return l.messages.length > 0 && (l.lastSeenMessage === undefined || l.lastSeenMessage !== l.messages.length - 1);
}

export function useLobby<S>(select: (l: ClientLobby) => S): S {
  return useStore(lobbyStore, select);
}
