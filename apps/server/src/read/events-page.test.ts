/** The spliced events page is exactly the JSON of the page it stands for. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../storage/lobby-log.repository.js';
import { eventsPageJson } from './events-page.js';

const stored = (seq: number, kind: StoredEvent['kind'], payload: unknown, seed: number | null = null): StoredEvent => ({
  seq,
  kind,
  actor: 'p"1\\',
  payload: JSON.stringify(payload),
  seed,
  at: '2026-11-23T18:00:00.000Z',
});

describe('eventsPageJson', () => {
  it('parses to {events, lastSeq} with every payload as the object it stores', () => {
    const events = [
      stored(1, 'lobby-created', { lobbyId: 'L', adminId: 'a', w: 5, h: 5, seed: 1, rulesVersion: 1 }),
      stored(2, 'chat', { playerId: 'a', msg: 'hi "there" ✓' }),
      stored(3, 'game-action', { id: 'start', info: {} }, 42),
    ];
    expect(JSON.parse(eventsPageJson(events, 9, false))).toEqual({
      events: events.map((e) => ({ ...e, payload: JSON.parse(e.payload) })),
      lastSeq: 9,
    });
  });

  it('blanks chat text for spectators and nothing else', () => {
    const events = [
      stored(1, 'chat', { playerId: 'a', msg: 'secret' }),
      stored(2, 'player-left', { playerId: 'a', by: 'a' }),
    ];
    const page = JSON.parse(eventsPageJson(events, 2, true)) as { events: { payload: unknown }[] };
    expect(page.events.map((e) => e.payload)).toEqual([
      { playerId: 'a', msg: '' },
      { playerId: 'a', by: 'a' },
    ]);
  });

  it('equals JSON.stringify of the parsed page for any stored payload and text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.jsonValue(), fc.string(), fc.option(fc.nat()))), (rows) => {
        const events = rows.map(([payload, actor, seed], i) => ({
          ...stored(i + 1, 'game-action', payload, seed),
          actor,
        }));
        const text = eventsPageJson(events, rows.length, false);
        expect(text).toBe(
          JSON.stringify({
            events: events.map((e) => ({ ...e, payload: JSON.parse(e.payload) })),
            lastSeq: rows.length,
          }),
        );
      }),
    );
  });
});
