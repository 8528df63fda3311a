/**
 * App-wide state (ARCHITECTURE §7.2): a status flag, an optional redirect (setting it navigates), the tracked
 * route name, and the flags of the global dialogs.
 */
import { createStore, useStore } from './store';
import type { RouteName } from './route-name';

export const DIALOGS = [
  'tutorial',
  'lobbyDisconnected',
  'lobbyOnline',
  'quitLobby',
  'nextTurn',
  'playerStatus',
  'workerUpdate',
  'report',
  'moderated',
] as const;
export type Dialog = (typeof DIALOGS)[number];

export type AppStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AppState {
  readonly status: AppStatus;
  /** Where to go next; the redirect watcher navigates there and clears it. */
  readonly redirect: string | null;
  readonly routeName: RouteName;
  readonly dialogs: Readonly<Record<Dialog, boolean>>;
  /** What the player-status dialog says. */
  readonly playerStatus: 'win' | 'lost' | null;
  /** The lobby mode the online/offline toggle asks to switch to. */
  readonly lobbyOnlineTarget: boolean;
}

const closedDialogs = Object.fromEntries(DIALOGS.map((d) => [d, false])) as Record<Dialog, boolean>;

export const appStore = createStore<AppState>({
  status: 'idle',
  redirect: null,
  routeName: 'any',
  dialogs: closedDialogs,
  playerStatus: null,
  lobbyOnlineTarget: false,
});

/** Opens or closes one global dialog. */
export function setDialog(dialog: Dialog, open: boolean): void {
  appStore.set((s) => (s.dialogs[dialog] === open ? s : { ...s, dialogs: { ...s.dialogs, [dialog]: open } }));
}

/** Asks the app to navigate to `to` (the redirect of ARCHITECTURE §7.2). */
export function redirectTo(to: string): void {
  appStore.set((s) => ({ ...s, redirect: to }));
}

export function setStatus(status: AppStatus): void {
  appStore.set((s) => (s.status === status ? s : { ...s, status }));
}

export function setRouteName(routeName: RouteName): void {
  appStore.set((s) => (s.routeName === routeName ? s : { ...s, routeName }));
}

export function useAppState<S>(select: (s: AppState) => S): S {
  return useStore(appStore, select);
}
