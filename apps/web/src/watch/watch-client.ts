/**
 * Live spectating: follows an online game read-only. The history comes from the public API (started
 * games), then `client-watch-lobby` from the last seq held brings the tail and subscribes this socket to
 * the lobby's broadcasts (chat text blank). A skipped seq, a snapshot answer or a reconnect is caught up
 * the same way: watch again from the last seq held (the resync contract of PROTOCOL §5.2).
 */
import {
  decodeBroadcast,
  LOGGED_BROADCAST_NAMES,
  type ServerToClientEvents,
  type WatchAck,
} from '@four-banners/protocol';
import type { LobbyEvent } from '@four-banners/engine';
import type { GameSocket } from '../online/socket';
import { ApiError } from '../app/api';
import { fetchGameLog } from '../online/game-queries';
import { closesLobby } from '../game/moderation-words';
import { LiveLog } from './live-log';

const ACK_TIMEOUT_MS = 10_000;
/** A watch the server refused as too frequent is asked again after this long. */
const RETRY_MS = 2_000;

export interface WatchView {
  /** The game's log so far, contiguous from seq 1. */
  readonly events: readonly LobbyEvent[];
  /** How many people watch (this device included). */
  readonly watchers: number;
  readonly connected: boolean;
  /** The history and the first watch answer are in. */
  readonly ready: boolean;
  /** The lobby closed: the log is complete and nothing more will come. */
  readonly ended: boolean;
  /** Why the game cannot be watched, when it cannot. */
  readonly error: { readonly code: string; readonly message: string } | null;
}

const INITIAL: WatchView = { events: [], watchers: 0, connected: false, ready: false, ended: false, error: null };

type Logged = (typeof LOGGED_BROADCAST_NAMES)[number];
type AnyPayload = Parameters<ServerToClientEvents[Logged]>[0];

/** The lobby a logged broadcast belongs to (a full sync without `event` names none: it is a seat's own). */
function lobbyOf(payload: AnyPayload): string | null {
  if ('lobbyId' in payload) return payload.lobbyId;
  return payload.event ? payload.lobby.lobbyId : null;
}

/** Starts watching `lobbyId`; `onView` gets every change. Returns the function that stops watching. */
export function watchGame(
  lobbyId: string,
  onView: (view: WatchView) => void,
  connect: () => Promise<GameSocket>,
): () => void {
  const log = new LiveLog();
  const abort = new AbortController();
  let view = INITIAL;
  let stopped = false;
  let socket: GameSocket | null = null;
  let watching = false;
  let again = false;
  const handlers: [string, (payload: never) => void][] = [];

  const publish = (patch: Partial<WatchView>) => {
    view = { ...view, ...patch, events: log.events };
    if (!stopped) onView(view);
  };

  const take = (events: readonly LobbyEvent[]): boolean => {
    const result = log.receive(events);
    if (events.some(closesLobby) && result !== 'gap') {
      publish({ ended: true });
    }
    return result !== 'gap';
  };

  /** The closed lobby's log is in the public API: take the rest from there. */
  const finishFromHistory = async () => {
    try {
      take(await fetchGameLog(lobbyId, abort.signal, log.lastSeq));
      publish({ ended: true, ready: true });
    } catch {
      publish({ ended: true, ready: true });
    }
  };

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
        .emitWithAck('client-watch-lobby', { lobbyId, afterSeq: log.lastSeq })) as WatchAck;
      if (stopped) return;
      if (!answer.ok) {
        const { code, message } = answer.error;
        if (code === 'rate_limited') setTimeout(() => void watch(), RETRY_MS);
        else if (code === 'not_found' && log.lastSeq > 0) await finishFromHistory();
        else publish({ error: { code, message }, ready: true });
        return;
      }
      // A snapshot means the tail was too long to send: the public API has it, page by page.
      if (answer.snapshot) take(await fetchGameLog(lobbyId, abort.signal, log.lastSeq));
      if (!take(answer.events)) again = true;
      publish({ watchers: answer.watchers, ready: true, error: null });
    } catch (e) {
      if (!stopped && !(e instanceof DOMException && e.name === 'AbortError')) {
        // No answer in time: the next reconnect (or the retry) asks again.
        setTimeout(() => void watch(), RETRY_MS);
      }
    } finally {
      watching = false;
      if (again && !stopped) {
        again = false;
        void watch();
      }
    }
  };

  /** Listens on the shared socket, remembering the listener so stopping removes exactly it. */
  function on<E extends keyof ServerToClientEvents>(s: GameSocket, name: E, fn: ServerToClientEvents[E]): void;
  function on(s: GameSocket, name: 'connect' | 'disconnect', fn: () => void): void;
  function on(s: GameSocket, name: string, fn: (payload: never) => void): void {
    s.on(name as never, fn as never);
    handlers.push([name, fn]);
  }

  const start = async () => {
    try {
      // Games that started are in the public API; a lobby that did not start yet has only its watch tail.
      take(await fetchGameLog(lobbyId, abort.signal));
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        publish({
          error: { code: 'unreachable', message: e instanceof Error ? e.message : 'The server could not be reached.' },
          ready: true,
        });
      }
    }
    if (stopped) return;
    const s = await connect();
    if (stopped) return;
    socket = s;
    for (const name of LOGGED_BROADCAST_NAMES) {
      on(s, name as 'server-game-action', (payload) => {
        if (lobbyOf(payload) !== lobbyId) return;
        const event = decodeBroadcast(name, payload as never);
        if (!event) return;
        if (take([event])) publish({});
        else void watch();
      });
    }
    on(s, 'server-watchers', (p) => {
      if (p.lobbyId === lobbyId) publish({ watchers: p.count });
    });
    on(s, 'connect', () => {
      publish({ connected: true });
      void watch();
    });
    on(s, 'disconnect', () => publish({ connected: false }));
    if (s.connected) {
      publish({ connected: true });
      void watch();
    }
  };

  void start();
  return () => {
    stopped = true;
    abort.abort();
    if (!socket) return;
    for (const [name, fn] of handlers) socket.off(name as never, fn as never);
    if (socket.connected) socket.emit('client-unwatch-lobby', {}, () => {});
  };
}
