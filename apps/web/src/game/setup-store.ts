/** The offline lobby being set up (seats, map size, seed), shared by /lobby and /lobby-preview. */
import {
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  PLAYABLE_COUNTRIES,
  seatedGame,
  type GameData,
  type LobbyState,
} from '@four-banners/engine';
import { settingsStore } from '../app/settings';
import { createStore, useStore } from '../app/store';
import { offlineGameLog, offlineLobbyId, randomSeed } from './offline-log';
import { openSession, sessionStore } from './session-store';
import { DEVICE_PLAYER_ID, defaultSeats, seatsToPlayers, type Seat } from './seats';

export const MIN_SIDE = 5;
export const MAX_SIDE = 32;

export interface Setup {
  readonly seats: readonly Seat[];
  readonly w: number;
  readonly h: number;
  readonly seed: number;
}

export const setupStore = createStore<Setup>({
  seats: defaultSeats(settingsStore.get().playerName),
  w: DEFAULT_WIDTH,
  h: DEFAULT_HEIGHT,
  seed: randomSeed(),
});

/** Keeps the 'you' seat's name in step with the settings. */
settingsStore.subscribe(() => {
  const name = settingsStore.get().playerName;
  setupStore.set((s) => ({ ...s, seats: s.seats.map((seat) => (seat.kind === 'you' ? { ...seat, name } : seat)) }));
});

export function updateSetup(patch: Partial<Setup>): void {
  setupStore.set((s) => ({ ...s, ...patch }));
}

export function updateSeat(index: number, patch: Partial<Seat>): void {
  setupStore.set((s) => ({ ...s, seats: s.seats.map((seat, i) => (i === index ? { ...seat, ...patch } : seat)) }));
}

export const clampSide = (n: number) =>
  Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(Number.isFinite(n) ? n : DEFAULT_WIDTH)));

/** The map the seats would play on (RULES §2.2: a pure function of countries, size and seed). */
export function previewGame(setup: Setup): GameData {
  return seatedGame(seatsToPlayers(setup.seats), setup.w, setup.h, setup.seed);
}

/** Writes the new game's log, opens it as the current session and lets bots move if they start. */
export function startOfflineGame(setup: Setup = setupStore.get()): void {
  const events = offlineGameLog({
    lobbyId: offlineLobbyId(),
    adminId: DEVICE_PLAYER_ID,
    players: seatsToPlayers(setup.seats),
    w: setup.w,
    h: setup.h,
    seed: setup.seed,
    startSeed: randomSeed(),
  });
  openSession(events).resume();
}

/**
 * The setup of a rematch of `lobby`: every country seated as before (bots with their difficulty,
 * hot-seat players and this device's player under their names), the same map size, a new map seed.
 */
export function rematchSetup(lobby: LobbyState, seed: number, deviceId = DEVICE_PLAYER_ID): Setup {
  const seats = PLAYABLE_COUNTRIES.map((country): Seat => {
    const player = lobby.players.find((p) => p.country === country);
    if (!player) return { country, kind: 'empty', name: '', difficulty: 'easy' };
    if (player.bot) return { country, kind: 'bot', name: '', difficulty: player.bot.difficulty };
    return { country, kind: player.id === deviceId ? 'you' : 'local', name: player.name, difficulty: 'easy' };
  });
  return { seats, w: lobby.w, h: lobby.h, seed };
}

/**
 * Starts a rematch of the offline game in progress at once (ARCHITECTURE §7.3 player status): same seats and
 * settings on a fresh seed. The lobby setup follows, so the lobby screen shows the rematch's seats.
 * False (nothing changes) when there is no offline game.
 */
export function startRematch(): boolean {
  const session = sessionStore.get();
  if (!session || session.online) return false;
  const lobby = session.snapshot.lobby;
  let seed = randomSeed();
  while (seed === lobby.seed) seed = randomSeed();
  const setup = rematchSetup(lobby, seed, session.playerId);
  setupStore.set(setup);
  startOfflineGame(setup);
  return true;
}

export function useSetup<S>(select: (s: Setup) => S): S {
  return useStore(setupStore, select);
}
