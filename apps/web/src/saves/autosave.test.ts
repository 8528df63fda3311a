import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { offlineGameLog } from '../game/offline-log';
import { closeSession, openSession, sessionStore } from '../game/session-store';
import { defaultSeats, seatsToPlayers } from '../game/seats';
import { AUTOSAVE_ID, restoreAutosave, startAutosave } from './autosave';
import { getSave, listSaves, putSave } from './save-db';

const log = () =>
  offlineGameLog({
    lobbyId: 'offline-auto',
    adminId: '0000',
    players: seatsToPlayers(defaultSeats('Player')),
    w: 6,
    h: 6,
    seed: 4,
    startSeed: 8,
  });

const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

describe('autosave', () => {
  it('keeps the game in progress, restores it after a reload, and forgets it when the player leaves', async () => {
    startAutosave();
    const session = openSession(log());
    const own = session.snapshot.lobby.game.tiles.find((t) => t.owner === 0 && t.landmark === -1)!;
    expect(session.act({ id: 'place_banner', info: { country: 0, x: own.pos.x, y: own.pos.y } })).toBe(true);
    await waitFor(async () => (await getSave(AUTOSAVE_ID))?.events.length === session.snapshot.events.length);
    expect(await listSaves()).toEqual([]); // not listed with the player's saves

    const kept = (await getSave(AUTOSAVE_ID))!;

    // Leaving the game forgets it.
    closeSession();
    await waitFor(async () => (await getSave(AUTOSAVE_ID)) === undefined);
    expect(await restoreAutosave()).toBe(false);

    // After a reload (nothing in memory, the autosave in storage) the game comes back.
    await putSave(kept);
    expect(sessionStore.get()).toBeNull();
    expect(await restoreAutosave()).toBe(true);
    expect(sessionStore.get()!.snapshot.events).toEqual(kept.events);
  });
});
