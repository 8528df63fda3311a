/** Tests of the client's lobby view (online/lobby-store.ts): what is published from the fold, and moderation in it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODERATOR_ACTOR, type LobbyEvent } from '@four-banners/engine';
import { appStore, setDialog } from '../app/app-state';
import { append } from '../game/offline-log';
import { ALICE, BOB, startedLog, stateOf } from '../../test/fixtures/online-lobby-log';
import {
  hasUnseenMessages,
  initialLobby,
  isMuted,
  lastSeenOnArrival,
  linkOf,
  lobbyStore,
  lostConnectionChange,
  markMessagesSeen,
  muteOf,
  publishReceived,
  resetLobby,
  setSocketStatus,
  setSynced,
} from './lobby-store';

afterEach(() => {
  lobbyStore.set(initialLobby);
  setDialog('lobbyDisconnected', false);
});

describe('client lobby state (ARCHITECTURE §7.4, §7.6)', () => {
  it('in an online lobby, the socket dropping opens the lost-connection dialog', () => {
    lobbyStore.set({ ...initialLobby, online: true });
    setSocketStatus(true);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
    setSocketStatus(false);
    expect(lobbyStore.get().status).toBe(false);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
  });

  it('the dialog closes by itself once the client reconnected and caught up, not merely reconnected', () => {
    lobbyStore.set({ ...initialLobby, online: true, status: true, synced: true });
    setSocketStatus(false);
    expect(lobbyStore.get().synced).toBe(false);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
    setSocketStatus(true);
    expect(linkOf(lobbyStore.get())).toBe('catching-up');
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
    setSynced(true);
    expect(linkOf(lobbyStore.get())).toBe('live');
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
  });

  it('a dialog dismissed with Stay stays closed until the next drop', () => {
    lobbyStore.set({ ...initialLobby, online: true, status: true, synced: true });
    setSocketStatus(false);
    setDialog('lobbyDisconnected', false);
    // connect_error while still down: no new drop, no dialog.
    setSocketStatus(false);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
    setSocketStatus(true);
    setSynced(true);
    setSocketStatus(false);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
  });

  it.each([
    // [before status, synced] → [after status, synced]: what the dialog does (ARCHITECTURE §7.3)
    [[true, true], [false, false], 'open'],
    [[true, false], [false, false], 'open'],
    [[false, false], [false, false], null],
    [[false, false], [true, false], null],
    [[true, false], [true, true], 'close'],
    [[false, true], [true, true], 'close'],
    [[true, true], [true, true], null],
  ] as const)(
    'connection %j → %j: the lost-connection dialog does %s',
    ([status, synced], [nextStatus, nextSynced], change) => {
      const before = { online: true, status, synced };
      expect(lostConnectionChange(before, { online: true, status: nextStatus, synced: nextSynced })).toBe(change);
      // Outside an online lobby the connection opens and closes nothing.
      expect(lostConnectionChange(before, { online: false, status: nextStatus, synced: nextSynced })).toBe(null);
    },
  );

  it('the board’s link: down → reconnecting, up but behind → catching-up, up and caught up → live', () => {
    expect(linkOf({ status: false, synced: true })).toBe('reconnecting');
    expect(linkOf({ status: false, synced: false })).toBe('reconnecting');
    expect(linkOf({ status: true, synced: false })).toBe('catching-up');
    expect(linkOf({ status: true, synced: true })).toBe('live');
  });

  it('offline, a socket status change opens nothing', () => {
    setSocketStatus(true);
    setSocketStatus(false);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
  });

  it('the message indicator shows while the latest message is unseen', () => {
    const l = { ...initialLobby, messages: [{ seq: 2, playerId: 'a', msg: 'hi' }] };
    expect(hasUnseenMessages(initialLobby)).toBe(false);
    expect(hasUnseenMessages(l)).toBe(true);
    expect(hasUnseenMessages({ ...l, lastSeenMessage: 0 })).toBe(false);
  });

  it('reading the chat marks every message seen, for that lobby only', () => {
    const hi = { seq: 3, playerId: 'a', msg: 'hi' };
    lobbyStore.set({
      ...initialLobby,
      online: true,
      lobbyId: 'L1',
      messages: [hi, { seq: 4, playerId: 'b', msg: 'hey' }],
    });
    expect(hasUnseenMessages(lobbyStore.get())).toBe(true);
    markMessagesSeen();
    expect(lobbyStore.get().lastSeenMessage).toBe(1);
    expect(hasUnseenMessages(lobbyStore.get())).toBe(false);
    expect(lastSeenOnArrival('L1')).toBe(1);
    expect(lastSeenOnArrival('L2')).toBeUndefined();
  });

  it('after a reload (a fresh store) the chat read before stays seen; a new message lights the indicator again', async () => {
    const messages = [
      { seq: 5, playerId: 'a', msg: 'hi' },
      { seq: 6, playerId: 'b', msg: 'hey' },
    ];
    lobbyStore.set({ ...initialLobby, online: true, lobbyId: 'L1', messages });
    markMessagesSeen();

    vi.resetModules();
    const fresh = await import('./lobby-store');
    expect(fresh.lobbyStore).not.toBe(lobbyStore);
    expect(fresh.lobbyStore.get().lastSeenMessage).toBeUndefined();
    // What the online client does when it first folds the lobby after the reload.
    fresh.lobbyStore.set({
      ...fresh.initialLobby,
      online: true,
      lobbyId: 'L1',
      messages,
      lastSeenMessage: fresh.lastSeenOnArrival('L1'),
    });
    expect(fresh.hasUnseenMessages(fresh.lobbyStore.get())).toBe(false);
    fresh.lobbyStore.set((l) => ({ ...l, messages: [...l.messages, { seq: 7, playerId: 'b', msg: 'your move' }] }));
    expect(fresh.hasUnseenMessages(fresh.lobbyStore.get())).toBe(true);
  });

  it('a lobby whose chat was never read here has every message unseen on arrival', () => {
    lobbyStore.set({
      ...initialLobby,
      online: true,
      lobbyId: 'L9',
      messages: [{ seq: 8, playerId: 'a', msg: 'hi' }],
      lastSeenMessage: lastSeenOnArrival('L9'),
    });
    expect(hasUnseenMessages(lobbyStore.get())).toBe(true);
  });

  it('a reset keeps the socket status and this device’s id; with no lobby there is nothing to catch up', () => {
    lobbyStore.set({ ...initialLobby, online: true, status: true, synced: false, playerId: 'p1', lobbyId: 'L1' });
    resetLobby();
    expect(lobbyStore.get()).toMatchObject({
      online: false,
      status: true,
      synced: true,
      playerId: 'p1',
      lobbyId: null,
    });
  });
});

describe('moderation in the lobby view (PROTOCOL §4.9)', () => {
  const AT = new Date('2026-01-01T00:00:00Z');
  const moderated = (log: readonly LobbyEvent[], payload: Extract<LobbyEvent, { kind: 'moderation' }>['payload']) =>
    append(log, { kind: 'moderation', actor: MODERATOR_ACTOR, seed: null, payload }, AT);

  it('a removed message is listed blank and marked, in its place: the unread indicator does not light for it', () => {
    const log = startedLog();
    publishReceived(stateOf(log), log, BOB, true);
    markMessagesSeen();
    const removed = moderated(log, { action: 'remove-chat', seq: 5, reason: 'insult' });
    publishReceived(stateOf(removed), removed.slice(-1), BOB, false);
    expect(lobbyStore.get().messages).toEqual([{ seq: 5, playerId: ALICE, msg: '', removed: true }]);
    expect(hasUnseenMessages(lobbyStore.get())).toBe(false);
  });

  it('only a mute of this device counts; the last one wins; it holds until its end', () => {
    const log = startedLog();
    const until = '2026-01-01T14:05:00.000Z';
    const muted = moderated(moderated(log, { action: 'mute', playerId: ALICE, until, reason: 'a' }), {
      action: 'mute',
      playerId: BOB,
      until,
      reason: 'flood',
    });
    expect(muteOf(muted, ALICE)).toEqual({ until, reason: 'a' });
    expect(muteOf(muted, BOB)).toEqual({ until, reason: 'flood' });
    expect(muteOf(log, BOB)).toBe(null);
    expect(isMuted({ until, reason: 'flood' }, Date.parse(until) - 1)).toBe(true);
    expect(isMuted({ until, reason: 'flood' }, Date.parse(until))).toBe(false);
    expect(isMuted(null, 0)).toBe(false);
  });

  it('after a reload the mute is found among every event the session holds, not only the latest', () => {
    const log = moderated(startedLog(), {
      action: 'mute',
      playerId: BOB,
      until: '2999-01-01T00:00:00.000Z',
      reason: 'flood',
    });
    publishReceived(stateOf(log), [], BOB, true, log);
    expect(lobbyStore.get().mute).toEqual({ until: '2999-01-01T00:00:00.000Z', reason: 'flood' });
  });
});
