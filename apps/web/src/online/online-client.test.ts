/**
 * Tests of the online client (online/online-client.ts) over a fake socket: fold, resync, leaving, moderation, and
 * where lobby-actions.ts takes its outcomes.
 */
import type { LobbyEvent } from '@four-banners/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, setDialog } from '../app/app-state';
import { toastStore } from '../app/toasts';
import { sessionStore } from '../game/session-store';
import { readSeatedLobby } from './identity';
import { linkOf, lobbyStore, resetLobby, setSocketStatus } from './lobby-store';
import { followOutcome } from './lobby-actions';
import { moderationStore } from './moderation-store';
import { NOT_CONNECTED, OnlineSession } from './online-session';
import { ALICE, BOB, act, startedLog } from '../../test/fixtures/online-lobby-log';

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
let client = new OnlineClient({ onOutcome: followOutcome });
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
  client = new OnlineClient({ onOutcome: followOutcome });
  await client.connect();
});
afterEach(() => {
  resetLobby();
  sessionStore.get()?.dispose();
  sessionStore.set(null);
  toastStore.set([]);
  setDialog('lobbyDisconnected', false);
  setDialog('moderated', false);
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
    expect(lobby.messages).toEqual([{ seq: 5, playerId: ALICE, msg: 'hello' }]);
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
    expect(lobbyStore.get().messages.at(-1)).toEqual({ seq: log.length + 1, playerId: ALICE, msg: 'your move' });
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

  describe('moderation as it lands (PROTOCOL §4.9)', () => {
    /** Bob's device, seated in Alice's running game; returns the log. */
    async function seatedBob() {
      const log = startedLog();
      fake.state.answer = () => ({ ok: true, events: log });
      fake.fire('server-hello', { playerId: BOB, token: 't', lobbyId: 'L1', seq: log.length });
      await vi.waitFor(() => expect(onlineState()?.seq).toBe(log.length));
      return log;
    }
    const moderation = (seq: number, body: Record<string, unknown>) =>
      fake.fire('server-moderation', { lobbyId: 'L1', seq, actor: 'moderator', at: '', ...body });
    const bot = (country: number) => ({
      id: `moderated-bot-${country}`,
      name: 'Normal Bot',
      country,
      bot: { difficulty: 'normal' },
    });

    it('a moderator closing the lobby takes every player out and tells them the reason', async () => {
      const log = await seatedBob();
      moderation(log.length + 1, { action: 'close', reason: 'abusive lobby name' });
      expect(onlineState()).toBe(null);
      expect(sessionStore.get()).toBe(null);
      expect(appStore.get().redirect).toBe('/');
      expect(appStore.get().dialogs.moderated).toBe(true);
      expect(moderationStore.get().notice).toBe('A moderator closed this lobby: abusive lobby name');
      expect(readSeatedLobby()).toBe(null);
    });

    it('being removed by a moderator takes this device out with the reason, while the bot takes the seat', async () => {
      const log = await seatedBob();
      moderation(log.length + 1, { action: 'remove-seat', playerId: BOB, reason: 'cheating', bot: bot(1) });
      expect(onlineState()).toBe(null);
      expect(lobbyStore.get().online).toBe(false);
      expect(appStore.get().redirect).toBe('/');
      expect(moderationStore.get().notice).toBe('A moderator removed you from this game: cheating');
    });

    it('another person removed stays a feed line, and the bot plays their country', async () => {
      const log = await seatedBob();
      moderation(log.length + 1, { action: 'remove-seat', playerId: ALICE, reason: 'spam', bot: bot(0) });
      expect(onlineState()?.players.find((p) => p.country === 0)?.bot).toEqual({ difficulty: 'normal' });
      expect(appStore.get().dialogs.moderated).toBe(false);
      const session = sessionStore.get() as OnlineSession;
      expect(session.snapshot.feed.at(-1)?.text).toBe('A moderator removed Alice: a bot plays on (spam)');
    });

    it('a removed message is blank and marked removed, and the unread count does not move', async () => {
      const log = await seatedBob();
      const before = lobbyStore.get().messages.length;
      moderation(log.length + 1, { action: 'remove-chat', chatSeq: 5, reason: 'insult' });
      expect(lobbyStore.get().messages).toEqual([{ seq: 5, playerId: ALICE, msg: '', removed: true }]);
      expect(lobbyStore.get().messages.length).toBe(before);
    });

    it('a mute of this device is kept with its end and reason; a mute of another person is not', async () => {
      const log = await seatedBob();
      const until = new Date(Date.now() + 600_000).toISOString();
      moderation(log.length + 1, { action: 'mute', playerId: ALICE, until, reason: 'flood' });
      expect(lobbyStore.get().mute).toBe(null);
      moderation(log.length + 2, { action: 'mute', playerId: BOB, until, reason: 'flood' });
      expect(lobbyStore.get().mute).toEqual({ until, reason: 'flood' });
    });

    it('a chat refused as muted comes back as the server message, for the chat box, without a toast', async () => {
      await seatedBob();
      fake.state.answer = () => ({ ok: false, error: { code: 'muted', message: 'You are muted until 14:05.' } });
      expect(await client.sendChat('hi')).toBe('You are muted until 14:05.');
      expect(toastStore.get()).toEqual([]);
    });

    it('a chat line sent again after unavailable carries the same requestId, and the next line a new one (PROTOCOL §3.5)', async () => {
      await seatedBob();
      const answers = [{ ok: false, error: { code: 'unavailable', message: 'storage away', retryAfterMs: 200 } }];
      fake.state.answer = () => answers.shift() ?? { ok: true, seq: 99 };
      const from = fake.state.sent.length;
      expect(await client.sendChat('hi')).toBe(null);
      expect(await client.sendChat('again')).toBe(null);
      const chats = fake.state.sent.slice(from).filter((s) => s.name === 'client-chat-message');
      expect(chats.map((c) => c.payload.message)).toEqual(['hi', 'hi', 'again']);
      const ids = chats.map((c) => c.payload.requestId as string);
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).not.toBe(ids[0]);
    });

    it('a report sends the person, reason, note and message seq, and a refusal comes back as its message', async () => {
      await seatedBob();
      fake.state.answer = () => ({ ok: true });
      expect(await client.report({ playerId: ALICE, reason: 'abuse', note: 'rude', seq: 5 })).toBe(null);
      expect(fake.state.sent.at(-1)).toEqual({
        name: 'client-report',
        payload: { playerId: ALICE, reason: 'abuse', note: 'rude', seq: 5 },
      });
      fake.state.answer = () => ({ ok: false, error: { code: 'rate_limited', message: 'Too many reports.' } });
      expect(await client.report({ playerId: ALICE, reason: 'spam' })).toBe('Too many reports.');
    });
  });
});
