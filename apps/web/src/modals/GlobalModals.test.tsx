import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, setDialog, type Dialog } from '../app/app-state';
import { settingsStore } from '../app/settings';
import { sessionStore } from '../game/session-store';
import type { OfflineSession } from '../game/offline-session';
import { theme } from '../theme';
import { GlobalModals } from './GlobalModals';

const renderModals = () =>
  render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <GlobalModals />
    </MantineProvider>,
  );

const open = (d: Dialog) => act(() => setDialog(d, true));

afterEach(() => {
  for (const d of Object.keys(appStore.get().dialogs) as Dialog[]) setDialog(d, false);
  appStore.set((s) => ({ ...s, redirect: null }));
  sessionStore.set(null);
});

describe('global dialogs (SPEC.md §2)', async () => {
  it('pass turn: the exact question, No and Yes; Yes passes the turn', async () => {
    const passTurn = vi.fn(() => true);
    sessionStore.set({ passTurn, dispose: () => {} } as unknown as OfflineSession);
    renderModals();
    open('nextTurn');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to pass the turn?')).toBeTruthy();
    within(dialog).getByRole('button', { name: 'No' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(passTurn).toHaveBeenCalledOnce();
    expect(appStore.get().dialogs.nextTurn).toBe(false);
  });

  it('quit lobby: Stay closes, Leave goes to / when offline', async () => {
    renderModals();
    open('quitLobby');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to leave the lobby?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(appStore.get().dialogs.quitLobby).toBe(false);
    open('quitLobby');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(appStore.get().redirect).toBe('/');
  });

  it("player status shows 'You win' or 'You lost' with Leave lobby and Stay", async () => {
    renderModals();
    act(() => appStore.set((s) => ({ ...s, playerStatus: 'win' })));
    open('playerStatus');
    expect((await screen.findByTestId('player-status')).textContent).toBe('You win');
    act(() => appStore.set((s) => ({ ...s, playerStatus: 'lost' })));
    expect(screen.getByTestId('player-status').textContent).toBe('You lost');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('button', { name: 'Leave lobby' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(appStore.get().dialogs.playerStatus).toBe(false);
  });

  it('toggle lobby: names the target mode, with No and Yes', async () => {
    renderModals();
    act(() => appStore.set((s) => ({ ...s, lobbyOnlineTarget: true })));
    open('lobbyOnline');
    expect(await screen.findByText('Are you sure you want to change lobby to "Online"?')).toBeTruthy();
    act(() => appStore.set((s) => ({ ...s, lobbyOnlineTarget: false })));
    expect(screen.getByText('Are you sure you want to change lobby to "Offline"?')).toBeTruthy();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(appStore.get().dialogs.lobbyOnline).toBe(false);
  });

  it("lost connection: 'You lost connection', Okay goes to /, Stay stays", async () => {
    renderModals();
    open('lobbyDisconnected');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You lost connection')).toBeTruthy();
    within(dialog).getByRole('button', { name: 'Stay' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(appStore.get().redirect).toBe('/');
  });

  it('updating the game shows its title', async () => {
    renderModals();
    open('workerUpdate');
    expect(await screen.findByText('Updating the Game')).toBeTruthy();
  });

  it('closing the tutorial marks it as seen', async () => {
    renderModals();
    open('tutorial');
    await screen.findByRole('dialog');
    for (let i = 0; i < 6; i++) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: "Let's Go!" }));
    expect(settingsStore.get().seenTutorial).toBe(true);
    expect(localStorage.getItem('seen-tutorial')).toBe('true');
  });
});
