/**
 * Online play (ARCHITECTURE §7.6): one socket, the lobby
 * folded from the server's broadcasts with the engine (`applyBroadcast`), resync on a seq gap or a
 * reconnect, presence, and the requests a person makes. Every refused request shows its message and
 * changes nothing. The game in progress is an `OnlineSession` in the session store, so the board,
 * header and dialogs work as offline.
 */
import type { CloseReason, CountryId, Difficulty, LobbyEvent, LobbyState, PlayableCountry } from '@four-banners/engine';
import {
  LOGGED_BROADCAST_NAMES,
  applyBroadcast,
  type Ack,
  type ClientToServerEvents,
  type HelloPayload,
  type ServerToClientEvents,
  type SyncAck,
} from '@four-banners/protocol';
import { appStore, redirectTo, setDialog } from '../app/app-state';
import { BOT_PACE, settingsStore } from '../app/settings';
import { showToast } from '../app/toasts';
import { botSpeedOverride, closeSession, sessionStore } from '../game/session-store';
import { readSeatedLobby, saveIdentity, saveSeatedLobby } from './identity';
import { lastSeenOnArrival, linkOf, lobbyStore, resetLobby, setSynced } from './lobby-store';
import { OnlineSession } from './online-session';
import { foldSyncAnswer } from './resync';
import { currentSocket, getSocket, type GameSocket } from './socket';

/** An acknowledgement that never comes is reported after this long (ARCHITECTURE §7.6). */
const ACK_TIMEOUT_MS = 10_000;
/** A resync the server refused as too frequent is asked again after this long. */
const RESYNC_RETRY_MS = 2_000;

const LOGGED_EVENTS = LOGGED_BROADCAST_NAMES;

type Request = Exclude<keyof ClientToServerEvents, 'client-sync-state'>;
type PayloadOf<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];

/** What this device holds of the online lobby: the fold of every event received so far. */
let latest: LobbyState | null = null;
/** The events folded since the last full state (what the game session is built from). */
let log: LobbyEvent[] = [];
let playerId: string | null = null;
let resyncing = false;
let resyncAgain = false;
/** This device asked to create or join a lobby: its first sight of it redirects to /lobby. */
let entering = false;

// ---- connection ------------------------------------------------------------------------------

/** Opens the socket (once) with every listener attached. */
export function connectOnline(): Promise<GameSocket> {
  // The lost-connection dialog must be at hand when the network is gone: fetch its code now.
  void import('../modals/GlobalModals').catch(() => undefined);
  return getSocket(attach);
}

/** Reconnects at start-up when a reload left this device seated in an online lobby. */
export function resumeOnline(): void {
  if (readSeatedLobby()) void connectOnline();
}

function attach(socket: GameSocket): void {
  socket.on('server-hello', onHello);
  for (const name of LOGGED_EVENTS) {
    // One listener shape for every logged event: `applyBroadcast` tells them apart by name.
    socket.on(name as 'server-game-action', (payload: unknown) => onBroadcast(name, payload as never));
  }
  socket.on('server-presence', ({ playerId: id, online }) => {
    lobbyStore.set((l) => ({ ...l, presence: { ...l.presence, [id]: online } }));
  });
  socket.on('server-watchers', ({ lobbyId, count }) => {
    if (latest?.lobbyId === lobbyId) lobbyStore.set((l) => ({ ...l, watchers: count }));
  });
  socket.on('server-rematch', ({ lobbyId, rematchId, by }) => {
    if (latest?.lobbyId === lobbyId) offerRematch(rematchId, by);
  });
}

/** The admin opened a rematch of this finished game: the game-over dialog offers to join it. */
function offerRematch(rematchId: string, by: string): void {
  if (by === playerId || lobbyStore.get().rematch?.rematchId === rematchId) return;
  lobbyStore.set((l) => ({ ...l, rematch: { rematchId, by } }));
  const admin = latest?.players.find((p) => p.id === by)?.name ?? 'The admin';
  showToast(`${admin} opened a rematch: “Join rematch” takes you there.`, 'info');
}

function onHello(hello: HelloPayload): void {
  saveIdentity(hello.playerId, hello.token);
  const changedIdentity = playerId !== null && playerId !== hello.playerId;
  playerId = hello.playerId;
  lobbyStore.set((l) => ({ ...l, playerId: hello.playerId }));
  if (hello.lobbyId === null) {
    setSynced(true);
    // Seated nowhere (removed while away, the lobby closed, or the identity was not recognised).
    if (latest !== null || readSeatedLobby()) {
      leftLobby(
        changedIdentity ? 'The server did not recognise this device: join again.' : 'You are no longer in that lobby.',
      );
    }
    return;
  }
  if (latest !== null && latest.lobbyId !== hello.lobbyId) dropLobby();
  void resync(hello.lobbyId).then(() => {
    if (hello.rematchId && latest?.lobbyId === hello.lobbyId) offerRematch(hello.rematchId, '');
  });
}

// ---- folding ---------------------------------------------------------------------------------

function onBroadcast<E extends (typeof LOGGED_EVENTS)[number]>(
  name: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): void {
  const before = latest;
  // The socket also carries a lobby this device only watches: those broadcasts are the watcher's. (A
  // full sync without `event` is only ever sent to this device's own seat: it may bring a new lobby.)
  const lobbyId = 'lobbyId' in payload ? payload.lobbyId : payload.event ? payload.lobby.lobbyId : null;
  if (before !== null && lobbyId !== null && lobbyId !== before.lobbyId) return;
  const result = applyBroadcast(before, name, payload);
  if (result.gap) {
    void resync(before?.lobbyId ?? null);
    return;
  }
  if (result.state === before || result.state === null) return;
  latest = result.state;
  if (result.event === null) {
    // A full state (a join, or a sync): start over from it.
    log = [];
    sessionOf()?.replace(latest);
  } else {
    log.push(result.event);
  }
  afterFold(result.event ? [result.event] : [], before);
}

/**
 * Asks the server for what this device missed and folds it (PROTOCOL §5.2). When the answer is
 * folded completely the client is caught up (`synced`): after a reconnect that closes the
 * lost-connection dialog and lifts "Reconnecting…" from the board.
 */
async function resync(lobbyId: string | null): Promise<void> {
  const id = lobbyId ?? latest?.lobbyId ?? null;
  if (id === null) {
    setSynced(true);
    return;
  }
  if (resyncing) {
    resyncAgain = true;
    return;
  }
  resyncing = true;
  try {
    const socket = await connectOnline();
    const answer = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('client-sync-state', {
      lobbyId: id,
      afterSeq: latest?.lobbyId === id ? latest.seq : 0,
    })) as SyncAck;
    if (!answer.ok) {
      if (answer.error.code === 'not_found' || answer.error.code === 'not_in_lobby') leftLobby(answer.error.message);
      // The server paces resyncs: ask again a little later rather than stay behind.
      else if (answer.error.code === 'rate_limited') setTimeout(() => void resync(id), RESYNC_RETRY_MS);
      else showToast(answer.error.message);
      return;
    }
    const before = latest?.lobbyId === id ? latest : null;
    const caught = foldSyncAnswer(before, answer);
    if (!caught) {
      if (!resyncAgain) setSynced(true);
      return;
    }
    latest = caught.state;
    if (caught.replaced || before === null) {
      log = [...caught.events];
      const session = sessionOf();
      if (session) session.replace(caught.state, log);
      afterFold([], before);
    } else {
      log.push(...caught.events);
      afterFold(caught.events, before);
    }
    if (!caught.complete) resyncAgain = true;
    else if (!resyncAgain && latest?.lobbyId === id) setSynced(true);
  } catch {
    showToast('The server did not answer: trying again when the connection is back.');
    // Connected but unanswered: ask again rather than leave the board waiting (a drop resyncs on its own).
    if (currentSocket()?.connected) setTimeout(() => void resync(id), RESYNC_RETRY_MS);
  } finally {
    resyncing = false;
    if (resyncAgain) {
      resyncAgain = false;
      void resync(id);
    }
  }
}

/** Publishes the folded lobby and reacts to what the new events mean for this device. */
function afterFold(events: readonly LobbyEvent[], before: LobbyState | null): void {
  const state = latest;
  if (!state) return;
  const me = playerId;
  for (const e of events) {
    if (e.kind === 'player-left' && e.payload.playerId === me) {
      leftLobby(e.payload.by === me ? null : 'You were removed from the lobby.');
      return;
    }
    if (e.kind === 'lobby-updated' && e.payload.online === false) {
      leftLobby(me === state.adminId && e.actor === me ? null : closedMessage(e.payload.reason), false);
      return;
    }
  }
  if (!state.online) {
    leftLobby('The lobby was closed.');
    return;
  }
  saveSeatedLobby(state.lobbyId);
  // A person who just joined sent that request, so is online (the server announces presence changes only).
  const arrived = events.flatMap((e) =>
    e.kind === 'player-joined' && !e.payload.player.bot && !e.payload.player.local ? [e.payload.player.id] : [],
  );
  const firstSight = before === null || before.lobbyId !== state.lobbyId;
  lobbyStore.set((l) => ({
    ...l,
    lobbyId: state.lobbyId,
    playerId: me ?? l.playerId,
    adminId: state.adminId,
    online: true,
    players: state.players,
    messages: state.messages.map((m) => ({ playerId: m.playerId, msg: m.msg })),
    lastSeenMessage: firstSight ? lastSeenOnArrival(state.lobbyId) : l.lastSeenMessage,
    lobby: state,
    // Presence may arrive before the lobby itself (a reconnect): it is kept, and this device is online.
    presence: Object.fromEntries([
      ...Object.entries(l.presence),
      ...[...arrived, ...(me ? [me] : [])].map((id) => [id, true] as const),
    ]),
  }));

  let session = sessionOf();
  for (const e of events) session?.receive(e);
  if (state.game.running && !session) {
    session = openOnlineSession(state);
    // The game starts (or a reload lands in one): everybody goes to the board.
    const route = appStore.get().routeName;
    const started = events.some((e) => e.kind === 'game-action' && e.payload.id === 'start');
    if (started || route === 'lobby' || route === 'join-lobby' || route === 'lobby-preview') redirectTo('/game');
  } else if (firstSight && entering) {
    // ARCHITECTURE §7.6: the first join event of a lobby this device asked for redirects to /lobby.
    redirectTo('/lobby');
  }
  if (firstSight) entering = false;
}

/** What a person is told when the lobby closes under them, by the server's reason. */
function closedMessage(reason: CloseReason | undefined): string {
  switch (reason) {
    case 'turn_limit':
      return 'The game reached the turn limit and ended: the lobby is closed.';
    case 'idle':
      return 'The lobby was closed: nobody was online in it for a long time.';
    case undefined:
      return 'The lobby was closed.';
  }
}

function sessionOf(): OnlineSession | null {
  const s = sessionStore.get();
  return s instanceof OnlineSession ? s : null;
}

function openOnlineSession(state: LobbyState): OnlineSession {
  const session = new OnlineSession(state, log, {
    playerId: playerId ?? '',
    pace: () => BOT_PACE[botSpeedOverride() ?? settingsStore.get().botSpeed],
    send: (action) => emitRaw('client-game-action', action),
    // Nothing is sent while the connection is down or the board is not caught up (it would be lost or stale).
    live: () => linkOf(lobbyStore.get()) === 'live',
    onRefused: (message) => showToast(message),
    // The session is fed every event folded here, in order, so this is a bug: show the folded truth.
    onBroken: () => {
      if (latest && sessionOf() === session) session.replace(latest, log);
    },
  });
  sessionStore.get()?.dispose();
  sessionStore.set(session);
  return session;
}

/** Forgets the lobby (no redirect, no message): another lobby is coming. */
function dropLobby(): void {
  latest = null;
  log = [];
  saveSeatedLobby(null);
  if (sessionOf()) closeSession();
  resetLobby();
}

/**
 * This device is out of the lobby (it left, was removed, or the lobby closed): back to an offline lobby
 * and to '/' (ARCHITECTURE §7.6), with `message` as a toast when there is something to explain.
 */
function leftLobby(message: string | null, redirect = true): void {
  dropLobby();
  setDialog('lobbyDisconnected', false);
  if (message) showToast(message, 'info');
  if (redirect) redirectTo('/');
}

// ---- requests --------------------------------------------------------------------------------

async function emitRaw<E extends Request>(name: E, payload: PayloadOf<E>): Promise<Ack> {
  const socket = await connectOnline();
  // socket.io's typed emitWithAck cannot take a generic event name; the maps above keep it honest.
  const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(n: string, p: unknown): Promise<Ack> };
  return timed.emitWithAck(name, payload);
}

/** Sends a request; on refusal or timeout shows the reason and resolves to false (nothing changed). */
async function request<E extends Request>(name: E, payload: PayloadOf<E>): Promise<boolean> {
  try {
    const ack = await emitRaw(name, payload);
    if (ack.ok) return true;
    showToast(ack.error.message);
    return false;
  } catch (e) {
    showToast(
      e instanceof Error && e.message ? `The server did not answer (${e.message}).` : 'The server did not answer.',
    );
    return false;
  }
}

/** Creates a lobby with this device as its admin (ARCHITECTURE §7.7); the broadcasts bring it in. */
export async function createLobby(playerName: string): Promise<boolean> {
  if (latest) dropLobby();
  entering = true;
  const ok = await request('client-create-lobby', { playerName });
  if (!ok) entering = false;
  return ok;
}

/** Joins the lobby `lobbyId`. */
export async function joinLobby(lobbyId: string, playerName: string): Promise<boolean> {
  if (latest && latest.lobbyId !== lobbyId.trim()) dropLobby();
  entering = true;
  const ok = await request('client-join-lobby', { lobbyId: lobbyId.trim(), playerName });
  if (!ok) entering = false;
  return ok;
}

/** Leaves the lobby (the quit-lobby dialog's Leave). The server's broadcast brings this device out. */
export async function leaveLobby(): Promise<boolean> {
  const me = playerId ?? lobbyStore.get().playerId;
  if (!latest) {
    leftLobby(null);
    return true;
  }
  const ok = await request('client-leave-lobby', { playerId: me });
  if (ok && latest) leftLobby(null);
  return ok;
}

/** Removes a seat (admin: anyone; a person: their own hot-seat players). */
export function removePlayer(id: string): Promise<boolean> {
  return request('client-leave-lobby', { playerId: id });
}

/** Picks a colour for this device's seat (or for a bot, as admin); -1 gives the colour back. */
export function changeCountry(country: CountryId, seatId?: string): Promise<boolean> {
  return request('client-change-country', seatId ? { playerId: seatId, country } : { country });
}

/** Seats a bot of `difficulty` on a free colour (admin, before start). */
export function addBot(country: PlayableCountry, difficulty: Difficulty): Promise<boolean> {
  return request('client-add-bot', { country, difficulty });
}

/** Changes the map (admin, before start): the fold regenerates it on every client. */
export function updateMap(change: { w?: number; h?: number; seed?: number }): Promise<boolean> {
  return request('client-lobby-update', change);
}

/** Closes the lobby for everybody (admin): PROTOCOL §3.3 `client-lobby-update {online: false}`. */
export function closeLobby(): Promise<boolean> {
  return request('client-lobby-update', { online: false });
}

/** Sends a chat message to the lobby. */
export function sendChat(message: string): Promise<boolean> {
  return request('client-chat-message', { message });
}

/** Starts the game (admin). */
export function startGame(): Promise<boolean> {
  return request('client-game-action', { id: 'start', info: {} });
}

/**
 * Opens a rematch of this finished game (admin): a new lobby with the same map and seats; the others
 * are invited. The server's sync of the new lobby brings this device there.
 */
export async function rematchOnline(): Promise<boolean> {
  const finished = latest?.lobbyId ?? null;
  if (latest) dropLobby();
  entering = true;
  const ok = await request('client-rematch', {});
  if (!ok) {
    entering = false;
    // Still seated in the finished game: show it again.
    void resync(finished);
  }
  return ok;
}

/** Joins the rematch this device was invited to, back on the colour it played (if still free). */
export async function acceptRematch(playerName: string): Promise<boolean> {
  const offer = lobbyStore.get().rematch;
  const me = playerId;
  const formerCountry = latest?.players.find((p) => p.id === me)?.country;
  if (!offer) return false;
  if (!(await joinLobby(offer.rematchId, playerName))) return false;
  if (formerCountry !== undefined && formerCountry >= 0) await changeCountry(formerCountry);
  return true;
}

/** The folded online lobby (tests and the debug handle). */
export function onlineState(): LobbyState | null {
  return latest;
}

/** For tests: forgets everything (the socket is left as it is). */
export function resetOnlineForTests(): void {
  latest = null;
  log = [];
  playerId = null;
  resyncing = false;
  resyncAgain = false;
  entering = false;
}
