/**
 * What the limits need from a live connection that socket.io does not expose in its types: the
 * websocket under engine.io (to pause reading from a client that misbehaves, or to cut one that stopped
 * reading) and the bytes waiting to be sent to it. Kept here so the rest of the server never reaches
 * into library internals.
 */
import type { Socket } from 'socket.io';

/** The `ws` WebSocket an engine.io websocket transport wraps (only what is used here). */
interface RawWebSocket {
  readonly bufferedAmount: number;
  pause(): void;
  resume(): void;
  terminate(): void;
}

interface EnginePacket {
  readonly data?: unknown;
}

function rawSocket(socket: Socket): RawWebSocket | null {
  const transport = socket.conn?.transport as { socket?: Partial<RawWebSocket> } | undefined;
  const ws = transport?.socket;
  return ws && typeof ws.pause === 'function' && typeof ws.terminate === 'function' ? (ws as RawWebSocket) : null;
}

/** Bytes queued for the client and not yet taken by it: the websocket's buffer plus engine.io's own queue. */
export function backlogBytes(socket: Socket): number {
  let bytes = rawSocket(socket)?.bufferedAmount ?? 0;
  for (const packet of (socket.conn as unknown as { writeBuffer?: EnginePacket[] }).writeBuffer ?? []) {
    const data = packet.data;
    if (typeof data === 'string') bytes += data.length;
    else if (data instanceof Uint8Array) bytes += data.byteLength;
  }
  return bytes;
}

const resumeTimers = new WeakMap<Socket, NodeJS.Timeout>();

/** Stops reading from the client for `ms` (its frames wait in the network, slowing it down). */
export function pauseInput(socket: Socket, ms: number): void {
  const ws = rawSocket(socket);
  if (!ws || ms <= 0 || resumeTimers.has(socket)) return;
  ws.pause();
  resumeTimers.set(
    socket,
    setTimeout(() => {
      resumeTimers.delete(socket);
      ws.resume();
    }, ms).unref(),
  );
}

/** Disconnects at once, dropping whatever was still queued for the client (a graceful close would wait for it). */
export function dropConnection(socket: Socket): void {
  const ws = rawSocket(socket);
  socket.disconnect(true);
  ws?.terminate();
}
