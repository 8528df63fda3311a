/** Tests of the global dialogs (modals/GlobalModals.tsx, ARCHITECTURE §7.3), opened by the app state's flags. */
import { fold } from '@four-banners/engine';
import { loggedBotGame } from '@four-banners/engine/runner';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore, setDialog, type Dialog } from '../app/app-state';
import { settingsStore } from '../app/settings';
import { offlineGameLog } from '../game/offline-log';
import { DEVICE_PLAYER_ID, defaultSeats, seatsToPlayers } from '../game/seats';
import { bannerSpots, turnLeft, turnLeftWords } from '../game/next-unit';
import { openSession, sessionStore } from '../game/session-store';
import { guideRequests } from '../game/ui/pass-turn';
import type { OfflineSession } from '../game/offline-session';
import type { GameSession } from '../game/session';
import { initialLobby, lobbyStore, setSocketStatus, setSynced } from '../online/lobby-store';
import { OnlineLinkProvider, createOnlineLink } from '../online/online-link';
import { summarizeGame } from '../replay/game-summary';
import { theme } from '../theme';
import { GlobalModals } from './GlobalModals';

/** These dialogs never reach the server: a request to it fails. */
const noServer = createOnlineLink(() => Promise.reject(new Error('no server in these tests')));

const renderModals = () =>
  render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <OnlineLinkProvider value={noServer}>
        <GlobalModals />
      </OnlineLinkProvider>
    </MantineProvider>,
  );

const open = (d: Dialog) => act(() => setDialog(d, true));

afterEach(() => {
  for (const d of Object.keys(appStore.get().dialogs) as Dialog[]) setDialog(d, false);
  appStore.set((s) => ({ ...s, redirect: null, routeName: 'any' }));
  sessionStore.get()?.dispose();
  sessionStore.set(null);
  lobbyStore.set(initialLobby);
});

/** A new offline game of this device (Green, to move) and three easy bots on an 8×8 map, paused. */
function pausedOfflineGame(lobbyId: string): OfflineSession {
  const session = openSession(
    offlineGameLog({
      lobbyId,
      adminId: DEVICE_PLAYER_ID,
      players: seatsToPlayers(defaultSeats('Ada')),
      w: 8,
      h: 8,
      seed: 12,
      startSeed: 4,
    }),
  );
  session.pause();
  return session;
}

/** Opens the player-status dialog over an offline game of this device and three easy bots. */
async function statusOverOfflineGame() {
  const session = openSession(
    offlineGameLog({
      lobbyId: 'offline-old',
      adminId: DEVICE_PLAYER_ID,
      players: seatsToPlayers(defaultSeats('Ada')),
      w: 7,
      h: 6,
      seed: 31,
      startSeed: 4,
    }),
  );
  renderModals();
  act(() => appStore.set((s) => ({ ...s, playerStatus: 'win', routeName: 'game' })));
  open('playerStatus');
  return { session, dialog: await screen.findByRole('dialog') };
}

/** A whole game on this device, played to its end: this device's seat (Green) and two bots, all played by the engine's bots. */
function finishedGameLog() {
  return loggedBotGame({
    lobbyId: 'offline-done',
    adminId: DEVICE_PLAYER_ID,
    w: 6,
    h: 6,
    seed: 5,
    players: [
      { id: DEVICE_PLAYER_ID, name: 'Ada', country: 0 },
      { id: 'bot-1', name: '', country: 1, bot: { difficulty: 'hard' } },
      { id: 'bot-2', name: '', country: 2, bot: { difficulty: 'normal' } },
    ],
    difficulty: () => 'hard',
    startSeed: 6,
    turnSeed: (turn) => 5 * 7919 + turn,
    at: '2026-01-01T00:00:00.000Z',
  }).events;
}

describe('global dialogs (ARCHITECTURE §7.3)', async () => {
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

  it('pass turn: the question closes by itself once its turn is over, so its Yes never passes a later turn', async () => {
    const session = pausedOfflineGame('offline-moment');
    renderModals();
    open('nextTurn');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('pass-left').textContent).toBe('2 banners to place — pass anyway?');
    // Something else ends the turn (a turn clock, the Enter key on another screen): the question goes.
    const passes = vi.spyOn(session, 'passTurn');
    act(() => {
      session.passTurn();
    });
    expect(session.snapshot.active).toBeNull();
    expect(appStore.get().dialogs.nextTurn).toBe(false);
    expect(passes).toHaveBeenCalledOnce();
  });

  it('pass turn: under the question, what is left in words with No, Yes and a way to it', async () => {
    const session = pausedOfflineGame('offline-left');
    const requests: string[] = [];
    const stop = guideRequests.subscribe(() => requests.push(guideRequests.get()!.kind));
    renderModals();
    // Green's first turn: two banners in hand and somewhere to put them, no unit yet.
    open('nextTurn');
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to pass the turn?')).toBeTruthy();
    expect(within(dialog).getByTestId('pass-left').textContent).toBe('2 banners to place — pass anyway?');
    within(dialog).getByRole('button', { name: 'No' });
    within(dialog).getByRole('button', { name: 'Yes' });
    // Only banners are left: the way to them is the banner spots.
    expect(within(dialog).queryByRole('button', { name: 'Next unit' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show banner spots' }));
    expect(appStore.get().dialogs.nextTurn).toBe(false);
    expect(requests).toEqual(['banner-spots']);
    expect(session.snapshot.lobby.game.turn.count).toBe(1);

    // Green's next turn (the bots played theirs): its units can move, so "Next unit" is offered.
    const spot = bannerSpots(session.snapshot.lobby.game, 0)[0]!;
    act(() => {
      session.act({ id: 'place_banner', info: { country: 0, x: spot.x, y: spot.y } });
      session.passTurn();
      session.skipBots();
    });
    expect(session.snapshot.active).toBe(0);
    const left = turnLeft(session.snapshot.lobby.game, 0);
    expect(left.move).toBeGreaterThan(0);
    open('nextTurn');
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('pass-left').textContent).toBe(`${turnLeftWords(left)} — pass anyway?`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next unit' }));
    expect(appStore.get().dialogs.nextTurn).toBe(false);
    expect(requests).toEqual(['banner-spots', 'next-unit']);
    stop();
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

  it('player status offline: Watch replay opens the replay of this game', async () => {
    const { dialog } = await statusOverOfflineGame();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Watch replay' }));
    expect(appStore.get().redirect).toBe('/replay/local/current');
    expect(appStore.get().dialogs.playerStatus).toBe(false);
  });

  it('player status offline: Rematch starts a new game at once with the same players and a new seed', async () => {
    const { session, dialog } = await statusOverOfflineGame();
    const old = session.snapshot.lobby;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rematch' }));
    const next = sessionStore.get()!;
    expect(next).not.toBe(session);
    expect(next.snapshot.lobby.players).toEqual(old.players);
    expect([next.snapshot.lobby.w, next.snapshot.lobby.h]).toEqual([7, 6]);
    expect(next.snapshot.lobby.seed).not.toBe(old.seed);
    expect(next.snapshot.active).toBe(0);
    // Already on the game screen: no navigation, the new game simply replaces the old one.
    expect(appStore.get().redirect).toBeNull();
    expect(appStore.get().dialogs.playerStatus).toBe(false);
  });

  it('player status: under its words, the summary of the game just played (turns, chart, fights won and lost)', async () => {
    const events = finishedGameLog();
    const end = fold(events);
    if (!end.ok) throw new Error(end.error.message);
    openSession(events);
    renderModals();
    const outcome = sessionStore.get()!.snapshot.outcome!;
    expect(outcome).not.toBeNull();
    act(() => appStore.set((s) => ({ ...s, playerStatus: outcome })));
    open('playerStatus');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('player-status').textContent).toBe(outcome === 'win' ? 'You win' : 'You lost');

    const summary = await within(dialog).findByTestId('summary-turns', {}, { timeout: 5000 });
    expect(Number(summary.textContent)).toBe(end.value.game.turn.count);
    const expected = summarizeGame(events);
    const green = expected.countries.find((c) => c.country === 0)!;
    expect(Number(within(dialog).getByTestId('summary-fights-won').textContent)).toBe(green.fights.won);
    expect(Number(within(dialog).getByTestId('summary-fights-lost').textContent)).toBe(green.fights.lost);
    // The chart of the whole game, as a picture (no slider: there is nothing to seek here).
    within(dialog).getByRole('img', { name: 'Land per country over the turns' });
    expect(within(dialog).queryByRole('slider')).toBeNull();
    // Every country's fights, this device's marked.
    const rows = within(dialog).getAllByTestId('summary-country');
    expect(rows.map((r) => r.dataset.country)).toEqual(['0', '1', '2']);
    expect(rows.map((r) => r.dataset.mine === 'true')).toEqual([true, false, false]);
    for (const [i, row] of rows.entries()) {
      const { won, lost } = expected.countries[i]!.fights;
      expect([...row.querySelectorAll('td')].map((td) => Number(td.textContent))).toEqual([won, lost]);
    }
    // The buttons of ARCHITECTURE §7.3, and the ways on, are all still there.
    for (const name of ['Stay', 'Leave lobby', 'Watch replay', 'Rematch']) within(dialog).getByRole('button', { name });
  });

  it('player status while the others play on (knocked out early): the summary follows the game turn by turn, "so far"', async () => {
    const session = pausedOfflineGame('offline-on');
    renderModals();
    act(() => appStore.set((s) => ({ ...s, playerStatus: 'lost', routeName: 'game' })));
    open('playerStatus');
    const dialog = await screen.findByRole('dialog');
    const turns = await within(dialog).findByTestId('summary-turns', {}, { timeout: 5000 });
    expect(Number(turns.textContent)).toBe(session.snapshot.lobby.game.turn.count);
    expect(within(dialog).getByText(/^turns? so far$/)).toBeTruthy();
    within(dialog).getByTestId('summary-goes-on');
    // Two more rounds are played: the dialog's numbers move with them.
    for (let round = 0; round < 2; round++) {
      act(() => {
        session.passTurn();
        session.skipBots();
      });
    }
    const now = session.snapshot.lobby.game.turn.count;
    expect(now).toBeGreaterThan(1);
    await vi.waitFor(() => expect(Number(within(dialog).getByTestId('summary-turns').textContent)).toBe(now));
    expect(within(dialog).getByTestId('summary-turns').textContent).toBe(
      String(summarizeGame(session.snapshot.events).turns),
    );
  });

  it("player status online: Watch replay opens the server's replay of the lobby; no offline rematch", async () => {
    sessionStore.set({ online: true, dispose: () => {} } as unknown as GameSession);
    lobbyStore.set({ ...initialLobby, online: true, lobbyId: 'ABC123' });
    renderModals();
    act(() => appStore.set((s) => ({ ...s, playerStatus: 'lost' })));
    open('playerStatus');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Rematch' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Watch replay' }));
    expect(appStore.get().redirect).toBe('/replay/ABC123');
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

  it('lost connection: Stay is the default and keeps the page; the dialog closes by itself once caught up (ARCHITECTURE §7.3)', async () => {
    renderModals();
    act(() => lobbyStore.set({ ...initialLobby, online: true, status: true, synced: true }));
    act(() => setSocketStatus(false));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You lost connection')).toBeTruthy();
    expect(within(dialog).getByTestId('lost-connection-state').dataset.link).toBe('reconnecting');
    const stay = within(dialog).getByRole('button', { name: 'Stay' });
    expect(stay.hasAttribute('data-autofocus')).toBe(true);
    fireEvent.click(stay);
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
    expect(appStore.get().redirect).toBe(null);

    // The next drop opens it again; reconnecting alone does not close it, catching up does.
    act(() => setSynced(true));
    act(() => setSocketStatus(true));
    act(() => setSocketStatus(false));
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
    act(() => setSocketStatus(true));
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(true);
    act(() => setSynced(true));
    expect(appStore.get().dialogs.lobbyDisconnected).toBe(false);
    expect(appStore.get().redirect).toBe(null);
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
