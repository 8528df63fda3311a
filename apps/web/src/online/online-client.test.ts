import type { LobbyEvent } from '@four-banners/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, setDialog } from '../app/app-state';
import { toastStore } from '../app/toasts';
import { sessionStore } from '../game/session-store';
import { readSeatedLobby } from './identity';
import { linkOf, lobbyStore, resetLobby, setSocketStatus } from './lobby-store';
import { NOT_CONNECTED, OnlineSession } from './online-session';
import { ALICE, BOB, act, startedLog } from './test-log';

/** A stand-in for the socket.io client: records requests, answers them, and fires server events. */
const fake = vi.hoisted(() => {
  type Handler = (payload: unknown) => void;
  /** A request's payload as the tests read it (a resync's `afterSeq`, or anything else). */
  type Payload = { readonly afterSeq: number } & Record<string, unknown>;
  const state = {
    handlers: new Map<string, Handler[]>(),
    sent: [] as { name: string; payload: Payload }[],
    answer: (_name: string, _payload: Payload): unknown => ({ ok: true }),
    attached: false,
  };
  const socket = {
    on(name: string, fn: Handler) {
      state.handlers.set(name, [...(state.handlers.get(name) ?? []), fn]);
      return socket;
    },
    timeout() {
      return {
        emitWithAck: async (name: string, payload: unknown) => {
          state.sent.push({ name, payload: payload as Payload });
          return state.answer(name, payload as Payload);
        },
      };
    },
  };
  const fire = (name: string, payload: unknown) => {
    for (const fn of state.handlers.get(name) ?? []) fn(payload);
  };
  return { state, socket, fire };
});

vi.mock('./socket', () => ({
  getSocket: async (setup?: (s: unknown) => void) => {
    if (!fake.state.attached) {
      fake.state.attached = true;
      setup?.(fake.socket);
    }
    return fake.socket;
  },
  currentSocket: () => fake.socket,
}));

const { OnlineClient } = await import('./online-client');

/** Each test's own client (the app makes one in main.tsx); its listeners go on the fake socket. */
let client = new OnlineClient();
const onlineState = () => client.onlineState();

/** The broadcast the server sends for a logged game action (PROTOCOL §4.1). */
function gameActionBroadcast(e: LobbyEvent) {
  if (e.kind !== 'game-action') throw new Error('not a game action');
  return { seq: e.seq, actor: e.actor, at: e.at, seed: e.seed, id: e.payload.id, info: e.payload.info };
}

const syncRequests = () => fake.state.sent.filter((s) => s.name === 'client-sync-state').map((s) => s.payload);

beforeEach(async () => {
  fake.state.sent = [];
  fake.state.handlers.clear();
  fake.state.attached = false;
  client = new OnlineClient();
  await client.connect();
});
afterEach(() => {
  resetLobby();
  sessionStore.get()?.dispose();
  sessionStore.set(null);
  toastStore.set([]);
  setDialog('lobbyDisconnected', false);
});

describe('online client (ARCHITECTURE §7.6; PROTOCOL §5.2)', () => {
  it('a greeting for a seated player resyncs from seq 0, folds the log and opens the game', async () => {
    const log = startedLog();
    fake.state.answer = (name) => (name === 'client-sync-state' ? { ok: true, events: log } : { ok: true });
    fake.fire('server-hello', { playerId: ALICE, token: 't0k3n', lobbyId: 'L1', seq: log.length });
    await vi.waitFor(() => expect(onlineState()?.seq).toBe(log.length));
    expect(syncRequests()).toEqual([{ lobbyId: 'L1', afterSeq: 0 }]);
    expect(JSON.parse(localStorage.getItem('online-identity')!)).toEqual({ playerId: ALICE, token: 't0k3n' });
    expect(readSeatedLobby()).toBe('L1');
    const lobby = lobbyStore.get();
    expect(lobby).toMatchObject({ online: true, lobbyId: 'L1', adminId: ALICE, playerId: ALICE });
    expect(lobby.messages).toEqual([{ playerId: ALICE, msg: 'hello' }]);
    const session = sessionStore.get();
    expect(session).toBeInstanceOf(OnlineSession);
    expect(session!.snapshot.active).toBe(0);
  });

  it('the next seq is folded; a skipped seq asks for the missing events and folds them', async () => {
    const log = startedLog();
    fake.state.answer = () => ({ ok: true, events: log });
    fake.fire('server-hello', { playerId: BOB, token: 't', lobbyId: 'L1', seq: log.length });
    await vi.waitFor(() => expect(onlineState()?.seq).toBe(log.length));

    const one = act(log, ALICE, { id: 'next_turn', info: { country: 0 } });
    fake.fire('server-game-action', gameActionBroadcast(one.at(-1)!));
    expect(onlineState()?.seq).toBe(log.length + 1);
    // Bob's device is now to move.
    expect(sessionStore.get()!.snapshot.active).toBe(1);

    const three = act(act(one, BOB, { id: 'next_turn', info: { country: 1 } }), 'x', {
      id: 'next_turn',
      info: { country: 2 },
    });
    fake.state.sent = [];
    fake.state.answer = (_n, p: { afterSeq: number }) => ({
      ok: true,
      events: three.filter((e) => e.seq > p.afterSeq),
    });
    // seq +3 arrives without +2: a gap.
    const gapped = { ...gameActionBroadcast(three.at(-1)!) };
    fake.fire('server-game-action', gapped);
    await vi.waitFor(() => expect(onlineState()?.seq).toBe(three.at(-1)!.seq));
    expect(syncRequests()).toEqual([{ lobbyId: 'L1', afterSeq: log.length + 1 }]);
  });

  it('a drop opens the lost-connection dialog and holds moves; after the reconnect greeting the resync closes it', async () => {
    const log = startedLog();
    fake.state.answer = (_n, p: { afterSeq: number }) => ({ ok: true, events: log.filter((e) => e.seq > p.afterSeq) });
    setSocketStatus(true);
    fake.fire('server-hello', { playerId: BOB, token: 't', lobbyId: 'L1', seq: log.length });
    await vi.waitFor(() => expect(onlineState()?.seq).toBe(log.length));
    expect(linkOf(lobbyStore.get())).toBe('live');

    // The socket drops (socket.ts reports disconnect / connect_error / browser offline as status false).
    setSocketStatus(false);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
    // Alice passes meanwhile; Bob's device does not hear it.
    const missed = act(log, ALICE, { id: 'next_turn', info: { country: 0 } });
    fake.state.answer = (_n, p: { afterSeq: number }) => ({
      ok: true,
      events: missed.filter((e) => e.seq > p.afterSeq),
    });

    // Reconnected, but not caught up yet: the dialog stays and Bob's device still waits.
    setSocketStatus(true);
    expect(linkOf(lobbyStore.get())).toBe('catching-up');
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
    fake.state.sent = [];
    fake.fire('server-hello', { playerId: BOB, token: 't', lobbyId: 'L1', seq: missed.length });
    await vi.waitFor(() => expect(linkOf(lobbyStore.get())).toBe('live'));
    expect(syncRequests()).toEqual([{ lobbyId: 'L1', afterSeq: log.length }]);
    expect(onlineState()?.seq).toBe(missed.length);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
    // Bob stays in the game, and it is his turn now.
    expect(appStore.get().redirect).toBe(null);
    expect(sessionStore.get()!.snapshot.active).toBe(1);
  });

  it('a move made while the connection is down is refused with a message and not sent', async () => {
    const log = startedLog();
    fake.state.answer = () => ({ ok: true, events: log });
    setSocketStatus(true);
    fake.fire('server-hello', { playerId: ALICE, token: 't', lobbyId: 'L1', seq: log.length });
    await vi.waitFor(() => expect(sessionStore.get()?.snapshot.active).toBe(0));
    setSocketStatus(false);
    fake.state.sent = [];
    expect(sessionStore.get()!.passTurn()).toBe(false);
    expect(fake.state.sent).toEqual([]);
    expect(toastStore.get().map((t) => t.message)).toEqual([NOT_CONNECTED]);
  });

  it('an old seq is ignored; chat is folded and shown at once', async () => {
    const log = startedLog();
    fake.state.answer = () => ({ ok: true, events: log });
    fake.fire('server-hello', { playerId: BOB, token: 't', lobbyId: 'L1', seq: log.length });
    await vi.waitFor(() => expect(onlineState()?.seq).toBe(log.length));
    fake.fire('server-chat-message', { seq: 3, actor: ALICE, at: '', id: ALICE, msg: 'again?' });
    expect(onlineState()?.seq).toBe(log.length);
    fake.fire('server-chat-message', { seq: log.length + 1, actor: ALICE, at: '', id: ALICE, msg: 'your move' });
    expect(lobbyStore.get().messages.at(-1)).toEqual({ playerId: ALICE, msg: 'your move' });
  });

  it('being removed resets the lobby, says so and goes to /', async () => {
    const log = startedLog();
    fake.state.answer = () => ({ ok: true, events: log });
    fake.fire('server-hello', { playerId: BOB, token: 't', lobbyId: 'L1', seq: log.length });
    await vi.waitFor(() => expect(onlineState()?.seq).toBe(log.length));
    fake.fire('server-leave-lobby', { seq: log.length + 1, actor: ALICE, at: '', playerId: BOB, by: ALICE });
    expect(onlineState()).toBe(null);
    expect(lobbyStore.get().online).toBe(false);
    expect(sessionStore.get()).toBe(null);
    expect(appStore.get().redirect).toBe('/');
    expect(toastStore.get().map((t) => t.message)).toEqual(['You were removed from the lobby.']);
    expect(readSeatedLobby()).toBe(null);
  });

  it('a refused request shows its message and changes nothing', async () => {
    fake.state.answer = () => ({ ok: false, error: { code: 'not_found', message: 'There is no open lobby nope.' } });
    expect(await client.joinLobby('nope', 'Bob')).toBe(false);
    expect(toastStore.get().map((t) => t.message)).toEqual(['There is no open lobby nope.']);
    expect(lobbyStore.get().online).toBe(false);
  });
});
