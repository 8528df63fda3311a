import { afterEach, describe, expect, it } from 'vitest';
import { appStore, setDialog } from '../app/app-state';
import { hasUnseenMessages, initialLobby, linkOf, lobbyStore, lostConnectionChange, resetLobby, setSocketStatus, setSynced } from './lobby-store';

afterEach(() => {
  lobbyStore.set(initialLobby);
  setDialog('lobbyDisconnected', false);
});

describe('client lobby state (SPEC.md §3, §4 Socket connection)', () => {
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
    // [before status, synced] → [after status, synced]: what the dialog does (SPEC.md §2, §8)
    [[true, true], [false, false], 'open'],
    [[true, false], [false, false], 'open'],
    [[false, false], [false, false], null],
    [[false, false], [true, false], null],
    [[true, false], [true, true], 'close'],
    [[false, true], [true, true], 'close'],
    [[true, true], [true, true], null],
  ] as const)('connection %j → %j: the lost-connection dialog does %s', ([status, synced], [nextStatus, nextSynced], change) => {
    const before = { online: true, status, synced };
    expect(lostConnectionChange(before, { online: true, status: nextStatus, synced: nextSynced })).toBe(change);
    // Outside an online lobby the connection opens and closes nothing.
    expect(lostConnectionChange(before, { online: false, status: nextStatus, synced: nextSynced })).toBe(null);
  });

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
    const l = { ...initialLobby, messages: [{ playerId: 'a', msg: 'hi' }] };
    expect(hasUnseenMessages(initialLobby)).toBe(false);
    expect(hasUnseenMessages(l)).toBe(true);
    expect(hasUnseenMessages({ ...l, lastSeenMessage: 0 })).toBe(false);
  });

  it('a reset keeps the socket status and this device’s id; with no lobby there is nothing to catch up', () => {
    lobbyStore.set({ ...initialLobby, online: true, status: true, synced: false, playerId: 'p1', lobbyId: 'L1' });
    resetLobby();
    expect(lobbyStore.get()).toMatchObject({ online: false, status: true, synced: true, playerId: 'p1', lobbyId: null });
  });
});
