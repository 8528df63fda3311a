/**
 * Following a lobby as an operator (PROTOCOL §4.9): the whole log from the admin API (chat text
 * included), then `client-admin-watch` from the last seq held brings the tail and subscribes the
 * connection to the lobby's broadcasts. A skipped seq, a snapshot answer or a reconnect is caught up the
 * same way: watch again from the last seq held (PROTOCOL §5.2).
 *
 * The console opens a socket.io connection of its own rather than the app's one: the broadcasts it
 * receives carry chat text and every lobby the operator follows, which must not reach the operator's own
 * player state (their seat, their lobby's chat), and closing it when the page goes leaves that player
 * connection as it was. It connects with the stored identity when there is one (no fresh identity is
 * spent on every console visit).
 */
import type { LobbyEvent } from '@four-banners/engine';
import {
  decodeBroadcast,
  LOGGED_BROADCAST_NAMES,
  type ServerToClientEvents,
  type WatchAck,
} from '@four-banners/protocol';
import { readIdentity } from '../online/identity';
import { SOCKET_OPTIONS, type GameSocket } from '../online/socket';
import { LiveLog } from '../watch/live-log';
import { errorWords, fetchAdminLog } from './admin-api';

const ACK_TIMEOUT_MS = 10_000;
const RETRY_MS = 2_000;

export interface AdminWatchView {
  readonly events: readonly LobbyEvent[];
  readonly connected: boolean;
  /** The log is in (the watch may still be on its way). */
  readonly ready: boolean;
  readonly error: string | null;
}

type Logged = (typeof LOGGED_BROADCAST_NAMES)[number];
type AnyPayload = Parameters<ServerToClientEvents[Logged]>[0];

/** The lobby a logged broadcast belongs to (a full sync without `event` names none: it is a seat's own). */
function lobbyOf(payload: AnyPayload): string | null {
  if ('lobbyId' in payload) return payload.lobbyId;
  return payload.event ? payload.lobby.lobbyId : null;
}

/** Follows `lobbyId` with the admin `token`; `onView` gets every change. Returns the function that stops. */
export function adminWatch(lobbyId: string, token: string, onView: (view: AdminWatchView) => void): () => void {
  const log = new LiveLog();
  const abort = new AbortController();
  let view: AdminWatchView = { events: [], connected: false, ready: false, error: null };
  let stopped = false;
  let socket: GameSocket | null = null;
  let watching = false;
  let again = false;

  const publish = (patch: Partial<AdminWatchView>) => {
    view = { ...view, ...patch, events: log.events };
    if (!stopped) onView(view);
  };
  const take = (events: readonly LobbyEvent[]) => log.receive(events) !== 'gap';

  const watch = async (): Promise<void> => {
    if (stopped || !socket) return;
    if (watching) {
      again = true;
      return;
    }
    watching = true;
    try {
      const answer = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('client-admin-watch', { lobbyId, afterSeq: log.lastSeq, token })) as WatchAck;
      if (stopped) return;
      if (!answer.ok) {
        if (answer.error.code === 'rate_limited') setTimeout(() => void watch(), RETRY_MS);
        else publish({ error: `${answer.error.code}: ${answer.error.message}` });
        return;
      }
      if (answer.snapshot) take(await fetchAdminLog(token, lobbyId, abort.signal, log.lastSeq));
      if (!take(answer.events)) again = true;
      publish({ error: null });
    } catch (e) {
      if (!stopped && !(e instanceof DOMException && e.name === 'AbortError')) setTimeout(() => void watch(), RETRY_MS);
    } finally {
      watching = false;
      if (again && !stopped) {
        again = false;
        void watch();
      }
    }
  };

  const start = async () => {
    try {
      take(await fetchAdminLog(token, lobbyId, abort.signal));
      publish({ ready: true });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      publish({ ready: true, error: errorWords(e) });
      return;
    }
    const { io } = await import('socket.io-client');
    if (stopped) return;
    const { playerId, token: playerToken } = readIdentity();
    const s: GameSocket = io({
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      // A connection of its own (see the file comment), not the app's shared one.
      forceNew: true,
      auth: playerId && playerToken ? { playerId, token: playerToken } : {},
    });
    socket = s;
    for (const name of LOGGED_BROADCAST_NAMES) {
      s.on(name as 'server-game-action', (payload) => {
        if (lobbyOf(payload) !== lobbyId) return;
        const event = decodeBroadcast(name, payload as never);
        if (!event) return;
        if (take([event])) publish({});
        else void watch();
      });
    }
    s.on('connect', () => {
      publish({ connected: true });
      void watch();
    });
    s.on('disconnect', () => publish({ connected: false }));
  };

  void start();
  return () => {
    stopped = true;
    abort.abort();
    socket?.close();
  };
}
