/**
 * The realtime connection (SPEC.md §7, §9; DESIGN.md §5): socket.io at /api/socket, websocket only,
 * 20 s connection timeout, reconnection 1 s → 5 s, factor 2, randomisation 0.5, unlimited attempts.
 * Loaded on demand so offline play never downloads the socket library.
 */
import type { Socket } from 'socket.io-client';
import { setSocketStatus } from './lobby-store';

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

let socket: Socket | null = null;

/** The app's one socket, created (and connected) on first use. */
export async function getSocket(): Promise<Socket> {
  if (socket) return socket;
  const { io } = await import('socket.io-client');
  const s = io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] });
  s.on('connect', () => setSocketStatus(true));
  s.on('connect_error', () => setSocketStatus(false));
  s.on('disconnect', () => setSocketStatus(false));
  socket = s;
  return s;
}

/** Closes the socket (leaving online play). */
export function closeSocket(): void {
  socket?.close();
  socket = null;
  setSocketStatus(false);
}
