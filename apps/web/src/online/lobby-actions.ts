/**
 * The one place that decides where lobby outcomes lead, and the lobby actions a person takes from the
 * dialogs and buttons (ARCHITECTURE §7.3, §7.6). The online client only reports what happened
 * (`LobbyOutcome`, online-client.ts); `followOutcome` (main.tsx hands it every outcome) decides the
 * navigation, the toasts and the dialogs. The actions: leave the lobby, switch it online or offline, rematch
 * (offline, or online: open one or join the one offered), quick match again, watch the replay, give up on a
 * lost connection; and where a person goes once their create, join or quick match was accepted.
 */
import { isGameOver, type LobbyState } from '@four-banners/engine';
import { appStore, redirectTo, setDialog } from '../app/app-state';
import type { RouteName } from '../app/route-name';
import { settingsStore } from '../app/settings';
import { showToast } from '../app/toasts';
import { closeSession, sessionStore } from '../game/session-store';
import { startRematch } from '../game/setup-store';
import { lobbyStore } from './lobby-store';
import { showModerationNotice } from './moderation-store';
import type { LeftReason, LobbyOutcome } from './online-client';
import type { OnlineLink } from './online-link';
import type { QuickChoice } from './quick-match';

// ---- what the online client's outcomes lead to ------------------------------------------------

/**
 * The screens a person waits on for a game: when it starts (or a reload lands in one), the board replaces
 * them. Not an invite page: the person opened it to look at another lobby, and it says itself that they
 * are in a game (InvitePage).
 */
const WAITING_SCREENS: readonly RouteName[] = ['lobby', 'join-lobby', 'quick-match', 'lobby-preview'];

/** Navigates, toasts and opens dialogs for one outcome of the online client. */
export function followOutcome(outcome: LobbyOutcome): void {
  switch (outcome.kind) {
    case 'entered':
      // ARCHITECTURE §7.6: the first join event of a lobby this device asked for leads to /lobby.
      redirectTo('/lobby');
      return;
    case 'game-shown':
      // The game starts: everybody goes to the board; a game found running takes over the waiting screens.
      if (outcome.started || WAITING_SCREENS.includes(appStore.get().routeName)) redirectTo('/game');
      return;
    case 'left': {
      setDialog('lobbyDisconnected', false);
      const message = leftMessage(outcome.why);
      if (message) showToast(message, 'info');
      if (outcome.home) redirectTo('/');
      return;
    }
    case 'moderated':
      setDialog('lobbyDisconnected', false);
      redirectTo('/');
      showModerationNotice(outcome.notice);
      return;
    case 'rematch-offered':
      showToast(`${outcome.admin ?? 'The admin'} opened a rematch: “Join rematch” takes you there.`, 'info');
      return;
    case 'refused':
      // Every refused request shows its message and changes nothing.
      showToast(outcome.message);
      return;
  }
}

/** What a person is told on being taken out of a lobby (null: they left, nothing to explain). */
function leftMessage(why: LeftReason): string | null {
  switch (why.kind) {
    case 'left':
      return null;
    case 'removed':
      return 'You were removed from the lobby.';
    case 'not-recognised':
      return 'The server did not recognise this device: join again.';
    case 'not-seated':
      return 'You are no longer in that lobby.';
    case 'refused':
      return why.message;
    case 'closed':
      switch (why.reason) {
        case 'turn_limit':
          return 'The game reached the turn limit and ended: the lobby is closed.';
        case 'idle':
          return 'The lobby was closed: nobody was online in it for a long time.';
        case undefined:
          return 'The lobby was closed.';
      }
  }
}

/**
 * Where a person goes once their create, join or quick match was accepted: the board when the game already
 * runs (a quick match that the join filled starts in the same append), else the lobby.
 */
export function placeAfterEntering(): '/game' | '/lobby' {
  return lobbyStore.get().lobby?.game.running ? '/game' : '/lobby';
}

// ---- the lobby actions of the dialogs and buttons ---------------------------------------------

/** Whether `me` plays a country in `lobby`'s game, still going: leaving it would resign that country. */
export function playingIn(lobby: LobbyState | null, me: string): boolean {
  const seat = lobby?.players.find((p) => p.id === me);
  return lobby !== null && seat !== undefined && seat.country !== -1 && lobby.game.running && !isGameOver(lobby.game);
}

/** The quit dialog's question: leaving a running online game resigns this person's country (PROTOCOL §4.8). */
export function quitMessage(lobby: LobbyState | null, me: string): string {
  if (playingIn(lobby, me))
    return 'Leaving a running game resigns your country: it is out of the game for good. Leave anyway?';
  return 'Are you sure you want to leave the lobby?';
}

/**
 * Leaves the lobby (ARCHITECTURE §7.3): online it tells the server and goes to '/' once the server agrees
 * (a refusal shows its message and changes nothing); offline it goes to '/', and the game stays on the
 * main menu as "Continue game" until a new one starts.
 */
export function leaveLobby(online: OnlineLink): void {
  setDialog('quitLobby', false);
  setDialog('playerStatus', false);
  if (lobbyStore.get().online) {
    void online.client().then((client) => client.leaveLobby());
    return;
  }
  if (sessionStore.get()?.snapshot.outcome) closeSession(); // nothing left to continue
  redirectTo('/');
}

/**
 * The online/offline switch of the lobby (ARCHITECTURE §7.3): going online creates a lobby with this device as
 * admin; going offline closes the lobby for everybody when this device is its admin, else leaves it.
 */
export async function switchLobbyOnline(link: OnlineLink, target: boolean): Promise<void> {
  const online = await link.client();
  if (target) {
    // The creator is on green at once (PROTOCOL §4.7).
    await online.createLobby(settingsStore.get().playerName, { country: 0 });
    return;
  }
  const lobby = lobbyStore.get();
  if (!lobby.online) return;
  if (lobby.adminId === lobby.playerId) await online.closeLobby();
  else await online.leaveLobby();
}

/**
 * The game's replay from the player-status dialog: offline the log of this device's game (back leads to
 * the game), online the server's replay of the lobby.
 */
export function watchReplay(): void {
  setDialog('playerStatus', false);
  const lobby = lobbyStore.get();
  if (sessionStore.get()?.online) {
    if (lobby.lobbyId) redirectTo(`/replay/${encodeURIComponent(lobby.lobbyId)}`);
    return;
  }
  redirectTo('/replay/local/current');
}

/** The lost-connection dialog's Okay: the person gives up waiting and goes to '/' (Stay keeps the page). */
export function leaveAfterLostConnection(): void {
  setDialog('lobbyDisconnected', false);
  redirectTo('/');
}

/** An offline rematch starts at once on the game screen: same seats and settings, a new seed. */
export function rematchOffline(): void {
  setDialog('playerStatus', false);
  if (startRematch() && appStore.get().routeName !== 'game') redirectTo('/game');
}

/** The admin opens an online rematch of the finished game; the server's sync of the new lobby brings this device there. */
export async function openRematch(link: OnlineLink): Promise<boolean> {
  return (await link.client()).rematchOnline();
}

/** Joins the rematch the admin opened, back on the colour this person played. */
export async function joinRematch(link: OnlineLink): Promise<boolean> {
  return (await link.client()).acceptRematch(settingsStore.get().playerName);
}

/** "Quick match again" after an online game, with `choice` (the one made last time, PROTOCOL §4.7). */
export async function quickMatchAgain(link: OnlineLink, choice: QuickChoice): Promise<boolean> {
  return (await link.client()).quickMatch(settingsStore.get().playerName, choice.seats, choice.size);
}
