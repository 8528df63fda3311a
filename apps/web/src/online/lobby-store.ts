/**
 * The client's lobby view (ARCHITECTURE §7.6). Offline this stays at its defaults; online, `publishReceived` fills it from the
 * state the lobby's `OnlineSession` received (the fold of the server's broadcasts, made there once).
 */
import type { LobbyEvent, LobbyState, Player } from '@four-banners/engine';
import { setDialog } from '../app/app-state';
import { createStore, useStore } from '../app/store';
import { readLastSeen, saveLastSeen } from './chat-seen';

export interface LobbyMessage {
  /** The seq of its `chat` event: what a report of the message names (PROTOCOL §4.9). */
  readonly seq: number;
  readonly playerId: string;
  /** The text; '' once a moderator removed it (`removed`). */
  readonly msg: string;
  readonly removed?: true;
}

/** A moderator muted this device's chat in the lobby (PROTOCOL §4.9): until when (ISO 8601) and why. */
export interface Mute {
  readonly until: string;
  readonly reason: string;
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
  /** The socket is connected (ARCHITECTURE §7.6: connect → true; disconnect, connect_error, browser offline → false). */
  readonly status: boolean;
  /**
   * The folded lobby is known to match the server's since the last connect: the resync after the
   * server's greeting is done (or there was nothing to catch up). False from every disconnect until then.
   */
  readonly synced: boolean;
  /** The online lobby folded from the server's events (null offline). */
  readonly lobby: LobbyState | null;
  /** Who is connected, by player id (PROTOCOL §4.3 presence; bots and hot-seat players are not listed). */
  readonly presence: Readonly<Record<string, boolean>>;
  /** How many people watch the lobby (spectators). */
  readonly watchers: number;
  /** The rematch the admin opened after this game, if any: the new lobby to join. */
  readonly rematch: { readonly rematchId: string; readonly by: string } | null;
  /** This device's chat mute in the lobby, from the moderation event that announced it (PROTOCOL §4.9). */
  readonly mute: Mute | null;
  /** Why the server refused the last chat message (`muted`, a rate…): shown under the chat box until the next send. */
  readonly chatRefusal: string | null;
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
  synced: true,
  lobby: null,
  presence: {},
  watchers: 0,
  rematch: null,
  mute: null,
  chatRefusal: null,
};

export const lobbyStore = createStore<ClientLobby>(initialLobby);

/** What the game screen tells the player about the connection: play, or wait for it. */
export type Link = 'live' | 'reconnecting' | 'catching-up';

/** The connection as the player sees it: down, up but not caught up yet, or live. */
export function linkOf(l: Pick<ClientLobby, 'status' | 'synced'>): Link {
  if (!l.status) return 'reconnecting';
  return l.synced ? 'live' : 'catching-up';
}

/**
 * What the lost-connection dialog does when the connection facts change (ARCHITECTURE §7.3): in an online
 * lobby it opens when the socket status turns false, and closes by itself once the client is live again
 * (reconnected and resynced), so the player stays in the game.
 */
export function lostConnectionChange(
  before: Pick<ClientLobby, 'online' | 'status' | 'synced'>,
  after: Pick<ClientLobby, 'online' | 'status' | 'synced'>,
): 'open' | 'close' | null {
  if (!after.online) return null;
  if (before.status && !after.status) return 'open';
  if (linkOf(before) !== 'live' && linkOf(after) === 'live') return 'close';
  return null;
}

function setConnection(change: Partial<Pick<ClientLobby, 'status' | 'synced'>>): void {
  const before = lobbyStore.get();
  const after = { ...before, ...change };
  if (after.status === before.status && after.synced === before.synced) return;
  lobbyStore.set(after);
  const dialog = lostConnectionChange(before, after);
  if (dialog) setDialog('lobbyDisconnected', dialog === 'open');
}

/** Socket status changes; a drop also means the lobby must be caught up again after the next connect. */
export function setSocketStatus(status: boolean): void {
  setConnection(status ? { status } : { status, synced: false });
}

/** The client caught up with the server after a (re)connect, or had nothing to catch up. */
export function setSynced(synced: boolean): void {
  setConnection({ synced });
}

/** Back to an empty offline lobby (leaving, or a lobby-update with online false); the socket status stays. */
export function resetLobby(): void {
  // No lobby: nothing to catch up with.
  lobbyStore.set((l) => ({ ...initialLobby, status: l.status, playerId: l.playerId }));
}

/** Whether the chat indicator shows (ARCHITECTURE §7.4): messages exist and the latest is unseen. */
export function hasUnseenMessages(l: ClientLobby): boolean {
  return l.messages.length > 0 && (l.lastSeenMessage === undefined || l.lastSeenMessage !== l.messages.length - 1);
}

/**
 * The chat is on screen: every message so far counts as seen (ARCHITECTURE §7.4), and is remembered for this
 * lobby so a reload does not light the indicator again.
 */
export function markMessagesSeen(): void {
  const l = lobbyStore.get();
  if (l.messages.length === 0) return;
  const last = l.messages.length - 1;
  if (l.lastSeenMessage !== last) lobbyStore.set({ ...l, lastSeenMessage: last });
  if (l.lobbyId && readLastSeen(l.lobbyId) !== last) saveLastSeen(l.lobbyId, last);
}

/** The `lastSeenMessage` to start with on arriving in `lobbyId` (a join, a reload): what this device read there before. */
export function lastSeenOnArrival(lobbyId: string): number | undefined {
  return readLastSeen(lobbyId);
}

export function useLobby<S>(select: (l: ClientLobby) => S): S {
  return useStore(lobbyStore, select);
}

/**
 * Publishes the lobby view from the state the lobby's session received (`events`: the ones just folded;
 * `held`: every event the session holds, where a mute of this device still in force is found).
 */
export function publishReceived(
  state: LobbyState,
  events: readonly LobbyEvent[],
  me: string | null,
  firstSight: boolean,
  held: readonly LobbyEvent[] = events,
): void {
  // A person who just joined sent that request, so is online (the server announces presence changes only).
  const arrived = events.flatMap((e) =>
    e.kind === 'player-joined' && !e.payload.player.bot && !e.payload.player.local ? [e.payload.player.id] : [],
  );
  lobbyStore.set((l) => ({
    ...l,
    lobbyId: state.lobbyId,
    playerId: me ?? l.playerId,
    adminId: state.adminId,
    online: true,
    players: state.players,
    messages: state.messages.map((m) => ({
      seq: m.seq,
      playerId: m.playerId,
      msg: m.msg,
      ...(m.removed ? { removed: true as const } : {}),
    })),
    mute: muteOf(held, me) ?? (firstSight ? null : l.mute),
    lastSeenMessage: firstSight ? readLastSeen(state.lobbyId) : l.lastSeenMessage,
    lobby: state,
    // Presence may arrive before the lobby itself (a reconnect): it is kept, and this device is online.
    presence: Object.fromEntries([
      ...Object.entries(l.presence),
      ...[...arrived, ...(me ? [me] : [])].map((id) => [id, true] as const),
    ]),
  }));
}

/** The last mute of `me` among `events` (PROTOCOL §4.9), or null when none mutes this device. */
export function muteOf(events: readonly LobbyEvent[], me: string | null): Mute | null {
  let mute: Mute | null = null;
  for (const e of events) {
    if (e.kind === 'moderation' && e.payload.action === 'mute' && e.payload.playerId === me)
      mute = { until: e.payload.until, reason: e.payload.reason };
  }
  return mute;
}

/** Whether `mute` still holds at `now` (ms). */
export function isMuted(mute: Mute | null, now: number): boolean {
  return mute !== null && Date.parse(mute.until) > now;
}
