/**
 * The socket.io clients the benchmarks connect to a server, as the web app connects (PROTOCOL §2.1:
 * websocket only, path `/api/socket`), each with its own connection and no reconnection.
 */
import type { ClientToServerEvents, HelloPayload, ServerToClientEvents } from '@four-banners/protocol';
import { io, type Socket } from 'socket.io-client';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function open(url: string, auth?: object): GameSocket {
  return io(url, {
    path: '/api/socket',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(auth ? { auth } : {}),
  });
}

/**
 * One client, once connected; with `greeted`, once the server's `server-hello` has come too (PROTOCOL §2.3),
 * so that the server has finished seeing the connection.
 */
export function connect(url: string, ready: 'connected' | 'greeted' = 'connected'): Promise<GameSocket> {
  if (ready === 'greeted') return connectGreeted(url).then(({ socket }) => socket);
  const socket = open(url);
  return new Promise((res, rej) => {
    socket.once('connect', () => res(socket));
    socket.once('connect_error', rej);
  });
}

/**
 * One client and its `server-hello` (PROTOCOL §2.3); with `auth` (`{playerId, token}`, PROTOCOL §2.2) it
 * connects as that identity.
 */
export function connectGreeted(url: string, auth?: object): Promise<{ socket: GameSocket; hello: HelloPayload }> {
  const socket = open(url, auth);
  return new Promise((res, rej) => {
    socket.once('server-hello', (hello) => res({ socket, hello }));
    socket.once('connect_error', rej);
  });
}

/** `n` clients, connected `batch` at a time. */
export async function connectMany(
  url: string,
  n: number,
  ready: 'connected' | 'greeted' = 'connected',
  batch = 50,
): Promise<GameSocket[]> {
  const out: GameSocket[] = [];
  for (let i = 0; i < n; i += batch)
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, () => connect(url, ready)))));
  return out;
}
