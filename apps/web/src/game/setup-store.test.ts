import { fold, type LobbyState } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineGameLog } from './offline-log';
import { DEVICE_PLAYER_ID, seatsToPlayers, type Seat } from './seats';
import type { GameSession } from './session';
import { openSession, sessionStore } from './session-store';
import { rematchSetup, setupStore, startRematch } from './setup-store';

/** Every kind of seat: this device's player on purple, a hot-seat player, a hard and a normal bot. */
const mixed: Seat[] = [
  { country: 0, kind: 'bot', name: '', difficulty: 'hard' },
  { country: 1, kind: 'you', name: 'Ada', difficulty: 'easy' },
  { country: 2, kind: 'local', name: 'Bea', difficulty: 'easy' },
  { country: 3, kind: 'bot', name: '', difficulty: 'normal' },
];

function lobbyOf(seats: Seat[], w: number, h: number, seed: number): LobbyState {
  const folded = fold(
    offlineGameLog({
      lobbyId: 'offline-old',
      adminId: DEVICE_PLAYER_ID,
      players: seatsToPlayers(seats),
      w,
      h,
      seed,
      startSeed: 3,
    }),
  );
  if (!folded.ok) throw new Error(folded.error.message);
  return folded.value;
}

afterEach(() => {
  sessionStore.get()?.dispose();
  sessionStore.set(null);
});

describe('offline rematch (ARCHITECTURE §7.3 player status)', () => {
  it('seats everybody as before, on the same map size, with the new seed', () => {
    const old = lobbyOf(mixed, 9, 7, 1234);
    const setup = rematchSetup(old, 99);
    expect(setup).toMatchObject({ w: 9, h: 7, seed: 99 });
    expect(seatsToPlayers(setup.seats)).toEqual(old.players);
  });

  it('an empty colour stays empty', () => {
    const seats: Seat[] = [
      mixed[0]!,
      { ...mixed[1]!, country: 1 },
      { country: 2, kind: 'empty', name: '', difficulty: 'easy' },
      { country: 3, kind: 'empty', name: '', difficulty: 'easy' },
    ];
    const setup = rematchSetup(lobbyOf(seats, 6, 6, 5), 7);
    expect(setup.seats.map((s) => s.kind)).toEqual(['bot', 'you', 'empty', 'empty']);
  });

  it('starts at once a new game with the same players and a different seed, and the lobby setup follows', () => {
    const before = openSession(
      offlineGameLog({
        lobbyId: 'offline-old',
        adminId: DEVICE_PLAYER_ID,
        players: seatsToPlayers(mixed),
        w: 8,
        h: 6,
        seed: 77,
        startSeed: 3,
      }),
    );
    const old = before.snapshot.lobby;
    expect(startRematch()).toBe(true);
    const after = sessionStore.get()!;
    expect(after).not.toBe(before);
    const lobby = after.snapshot.lobby;
    expect(lobby.players).toEqual(old.players);
    expect([lobby.w, lobby.h]).toEqual([8, 6]);
    expect(lobby.seed).not.toBe(old.seed);
    expect(lobby.lobbyId).not.toBe(old.lobbyId);
    expect(lobby.game.running).toBe(true);
    expect(setupStore.get()).toMatchObject({ w: 8, h: 6, seed: lobby.seed });
    expect(seatsToPlayers(setupStore.get().seats)).toEqual(old.players);
  });

  it('without an offline game there is nothing to rematch, and nothing changes', () => {
    expect(startRematch()).toBe(false);
    const online = { online: true, snapshot: {}, dispose: () => {} } as unknown as GameSession;
    sessionStore.set(online);
    expect(startRematch()).toBe(false);
    expect(sessionStore.get()).toBe(online);
  });
});
