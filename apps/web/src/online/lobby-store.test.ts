import { afterEach, describe, expect, it } from 'vitest';
import { appStore, setDialog } from '../app/app-state';
import { hasUnseenMessages, initialLobby, lobbyStore, resetLobby, setSocketStatus } from './lobby-store';

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

  it('a reset keeps the socket status and this device’s id', () => {
    lobbyStore.set({ ...initialLobby, online: true, status: true, playerId: 'p1', lobbyId: 'L1' });
    resetLobby();
    expect(lobbyStore.get()).toMatchObject({ online: false, status: true, playerId: 'p1', lobbyId: null });
  });
});
