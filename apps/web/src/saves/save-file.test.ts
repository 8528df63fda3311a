import { serializeGame, fold, gameHash } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { offlineGameLog } from '../game/offline-log';
import { defaultSeats, seatsToPlayers } from '../game/seats';
import { importSaveText, saveFileName, toSaveFile } from './save-file';
import type { SaveRecord } from './save-db';

const log = offlineGameLog({
  lobbyId: 'offline-x',
  adminId: '0000',
  players: seatsToPlayers(defaultSeats('Player')),
  w: 7,
  h: 6,
  seed: 5,
  startSeed: 9,
});
const record: SaveRecord = {
  id: 's1',
  name: 'My game',
  savedAt: '2026-01-02T03:04:05.000Z',
  turn: 1,
  countries: [0, 1, 2, 3],
  events: log,
};

describe('save files', () => {
  it('an exported save imports back to the same game', () => {
    const text = JSON.stringify(toSaveFile(record));
    const result = importSaveText(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record.name).toBe('My game');
    expect(result.record.events).toEqual(log);
    expect(result.record.turn).toBe(1);
    expect(result.record.countries).toEqual([0, 1, 2, 3]);
  });

  it('names the file after the save and its date', () => {
    expect(saveFileName(record)).toBe('four-banners-my-game-2026-01-02.json');
  });

  it('refuses text that is not JSON, or JSON that is not a save, with a clear message', () => {
    const notJson = importSaveText('hello');
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.message).toMatch(/not JSON/);
    const other = importSaveText('{"format":"something-else"}');
    expect(other.ok).toBe(false);
  });

  it('refuses a save whose log does not replay', () => {
    const broken = { ...toSaveFile(record), events: toSaveFile(record).events.slice(1) };
    const result = importSaveText(JSON.stringify(broken));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/does not replay/);
  });

  it('refuses unknown keys (raw input is not state)', () => {
    const file = toSaveFile(record);
    const tampered = { ...file, events: [{ ...file.events[0], extra: 1 }, ...file.events.slice(1)] };
    expect(importSaveText(JSON.stringify(tampered)).ok).toBe(false);
  });

  it('accepts a bare serialized game and seats this device and bots on it', () => {
    const folded = fold(log);
    if (!folded.ok) throw new Error('fold');
    const result = importSaveText(JSON.stringify(serializeGame(folded.value.game)), 'loaded.json');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const refold = fold(result.record.events as never);
    expect(refold.ok).toBe(true);
    if (!refold.ok) return;
    expect(gameHash(refold.value.game)).toBe(gameHash(folded.value.game));
    expect(refold.value.players.map((p) => p.bot?.difficulty ?? 'person')).toEqual(['person', 'easy', 'easy', 'easy']);
    expect(result.record.name).toBe('loaded');
  });
});
