/**
 * The client's lobby state (SPEC.md §3 Lobby). Offline this stays at its defaults; online,
 * `online-client.ts` fills it from the fold of the server's broadcasts (the same log format offline uses).
 */
import type { LobbyState, Player } from '@four-banners/engine';
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
  /** The online lobby folded from the server's events (null offline). */
  readonly lobby: LobbyState | null;
  /** Who is connected, by player id (SPEC.md presence; bots and hot-seat players are not listed). */
  readonly presence: Readonly<Record<string, boolean>>;
  /** How many people watch the lobby (spectators). */
  readonly watchers: number;
  /** The rematch the admin opened after this game, if any: the new lobby to join. */
  readonly rematch: { readonly rematchId: string; readonly by: string } | null;
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
  lobby: null,
  presence: {},
  watchers: 0,
  rematch: null,
};

export const lobbyStore = createStore<ClientLobby>(initialLobby);

/** Socket status changes; an online lobby whose socket drops shows the lost-connection dialog. */
export function setSocketStatus(status: boolean): void {
  const before = lobbyStore.get();
  lobbyStore.set({ ...before, status });
  if (before.online && before.status && !status) setDialog('lobbyDisconnected', true);
}

/** Back to an empty offline lobby (leaving, or a lobby-update with online false). */
export function resetLobby(): void {
  lobbyStore.set((l) => ({ ...initialLobby, status: l.status, playerId: l.playerId }));
}

/** Whether the chat indicator shows (SPEC.md §3): messages exist and the latest is unseen. */
export function hasUnseenMessages(l: ClientLobby): boolean {
  return l.messages.length > 0 && (l.lastSeenMessage === undefined || l.lastSeenMessage !== l.messages.length - 1);
}

export function useLobby<S>(select: (l: ClientLobby) => S): S {
  return useStore(lobbyStore, select);
}
