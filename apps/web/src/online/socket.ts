/**
 * The realtime connection (ARCHITECTURE §7.6, PROTOCOL §2.1): socket.io at /api/socket, websocket only,
 * 20 s connection timeout, reconnection 1 s → 5 s, factor 2, randomisation 0.5, unlimited attempts.
 * The handshake `auth` is the stored identity, read again on every reconnect.
 * Loaded on demand so offline play never downloads the socket library.
 *
 * The status follows reality, not only the socket's own events: a browser that goes offline may keep a
 * dead websocket open until the heartbeat gives up (tens of seconds), so the window's `offline` event
 * drops the status at once and closes the transport (socket.io then retries with its backoff), and the
 * `online` event retries at once instead of waiting out the backoff.
 *
 * A `banned` refusal (PROTOCOL §2.4, §4.9) is shown as the banned notice with the server's message, and the
 * socket stays down: one more attempt after a minute or on the notice's "Try again", never a loop. When the
 * server drops a live connection (a ban lands), one attempt after 2 s learns why.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@four-banners/protocol';
import type { Socket } from 'socket.io-client';
import { readIdentity } from './identity';
import { showToast } from '../app/toasts';
import { setSocketStatus } from './lobby-store';
import { setBanned, setBannedRetry } from './moderation-store';
import { STORAGE_RETRYING } from './unavailable';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const SOCKET_OPTIONS = {
  path: '/api/socket',
  transports: ['websocket'],
  timeout: 20000,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const;

/** After the server refused the handshake with `rate_limited`, the next attempt waits this long. */
const REFUSED_RETRY_MS = 15_000;
/** After a `banned` refusal (PROTOCOL §2.4) the app tries once more only after this long (or on "Try again"). */
export const BANNED_RETRY_MS = 60_000;

/** After the server itself dropped the connection, the one attempt to come back waits this long. */
const SERVER_DROP_RETRY_MS = 2_000;

let bannedRetry: ReturnType<typeof setTimeout> | null = null;

let socket: GameSocket | null = null;
let opening: Promise<GameSocket> | null = null;

/** The app's one socket, created (and connected) on first use; `setup` attaches listeners once, before connecting. */
export function getSocket(setup?: (s: GameSocket) => void): Promise<GameSocket> {
  if (socket) return Promise.resolve(socket);
  opening ??= import('socket.io-client').then(({ io }) => {
    const s: GameSocket = io({
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      autoConnect: false,
      auth: (cb) => cb({ ...readIdentity() }),
    });
    s.on('connect', () => {
      setBanned(null);
      setSocketStatus(true);
    });
    s.on('connect_error', (error: Error & { data?: { code?: string; message?: string; retryAfterMs?: number } }) => {
      setSocketStatus(false);
      // Banned (PROTOCOL §2.4): say so with the server's reason and end, and do not knock again for a while.
      if (error.data?.code === 'banned') {
        setBanned(error.data.message ?? 'An operator banned this device.');
        setBannedRetry(retryAfterBan);
        if (bannedRetry !== null) clearTimeout(bannedRetry);
        bannedRetry = setTimeout(() => retryAfterBan(), BANNED_RETRY_MS);
        return;
      }
      // The server could not look the identity up (its storage away, PROTOCOL §2.4): again when it says to.
      if (error.data?.code === 'unavailable') {
        showToast(STORAGE_RETRYING);
        setTimeout(() => {
          if (socket === s && !s.connected) s.connect();
        }, error.data.retryAfterMs ?? REFUSED_RETRY_MS);
        return;
      }
      // The server refused the handshake (a limit): socket.io does not retry that by itself.
      if (error.data?.code === 'rate_limited') {
        showToast(error.data.message ?? 'The server is busy: trying again shortly.');
        setTimeout(() => {
          if (socket === s && !s.connected) s.connect();
        }, REFUSED_RETRY_MS);
      }
    });
    s.on('disconnect', (reason) => {
      setSocketStatus(false);
      // The server dropped the connection (a ban, PROTOCOL §4.9; too many invalid frames, PROTOCOL §2.5):
      // socket.io does not come back by itself. One attempt after a pause reconnects or learns why (`banned`).
      if (reason === 'io server disconnect') {
        setTimeout(() => {
          if (socket === s && !s.connected && !s.active) s.connect();
        }, SERVER_DROP_RETRY_MS);
      }
    });
    followBrowserNetwork(s);
    setup?.(s);
    s.connect();
    socket = s;
    opening = null;
    return s;
  });
  return opening;
}

let stopFollowing: (() => void) | null = null;

/** Ties the socket to the browser's `offline`/`online` events (see the file comment). */
function followBrowserNetwork(s: GameSocket): void {
  stopFollowing?.();
  const offline = () => {
    setSocketStatus(false);
    // Closing the transport makes socket.io reconnect by itself (it fails fast while offline).
    if (s.connected) s.io.engine?.close();
  };
  const online = () => {
    if (s.connected || socket !== s) return;
    // Skip the backoff wait: a fresh attempt now.
    s.disconnect();
    s.connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  stopFollowing = () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    stopFollowing = null;
  };
}

/** One more attempt after a `banned` refusal: the banned notice's "Try again", or the long wait's end. */
export function retryAfterBan(): void {
  if (bannedRetry !== null) clearTimeout(bannedRetry);
  bannedRetry = null;
  if (socket && !socket.connected) socket.connect();
}

/** The socket if one was opened. */
export function currentSocket(): GameSocket | null {
  return socket;
}

/** Closes the socket (leaving online play). */
export function closeSocket(): void {
  stopFollowing?.();
  socket?.close();
  socket = null;
  setSocketStatus(false);
}
