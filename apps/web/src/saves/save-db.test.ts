import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deleteSave, getSave, listSaves, putSave, type SaveRecord } from './save-db';

const rec = (id: string, savedAt: string): SaveRecord => ({
  id,
  name: `Game ${id}`,
  savedAt,
  turn: 3,
  countries: [0, 1],
  events: [],
});

describe('saves in IndexedDB', () => {
  it('stores, lists newest first without logs, reads back and deletes', async () => {
    await putSave(rec('a', '2026-01-01T00:00:00.000Z'));
    await putSave(rec('b', '2026-02-01T00:00:00.000Z'));
    const list = await listSaves();
    expect(list.map((s) => s.id)).toEqual(['b', 'a']);
    expect('events' in list[0]!).toBe(false);
    expect((await getSave('a'))?.name).toBe('Game a');
    await deleteSave('a');
    expect((await listSaves()).map((s) => s.id)).toEqual(['b']);
    expect(await getSave('a')).toBeUndefined();
  });
});
