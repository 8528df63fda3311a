/**
 * When a turn's clock starts (PROTOCOL §4.8): at the event that began the turn, and again when a person is
 * back on their own turn (a bot had not played it yet) or when a paused game resumes.
 */
import { describe, expect, it } from 'vitest';
import { COUNTRY, RULES_VERSION } from '../constants.js';
import type { LobbyEvent, LobbyEventPayloads } from './events.js';
import { fold, turnDeadline } from './fold.js';

const G = COUNTRY.green;
const P = COUNTRY.purple;

/** A log of two people, green (`a`) then purple (`b`), with a 30-s clock, started at `t0`; each event at its own time. */
function started() {
  const events: LobbyEvent[] = [];
  const add = <K extends keyof LobbyEventPayloads>(kind: K, payload: LobbyEventPayloads[K], at: string, seed = 0) => {
    events.push({
      seq: events.length + 1,
      kind,
      actor: 'server',
      payload,
      seed: kind === 'game-action' ? seed : null,
      at,
    } as LobbyEvent);
  };
  const t0 = '2026-01-01T00:00:00.000Z';
  add(
    'lobby-created',
    { lobbyId: 'L1', adminId: 'a', w: 6, h: 5, seed: 17, rulesVersion: RULES_VERSION, clock: 30 },
    t0,
  );
  add('player-joined', { player: { id: 'a', name: 'A', country: G } }, t0);
  add('player-joined', { player: { id: 'b', name: 'B', country: P } }, t0);
  add('game-action', { id: 'start', info: {} }, t0, 3);
  return { events, add };
}

const stateOf = (events: readonly LobbyEvent[]) => {
  const r = fold(events);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('player-back restarts the clock of the turn it lands on (PROTOCOL §4.8)', () => {
  it('on the returning person’s own turn, which a bot had not played yet', () => {
    const { events, add } = started();
    expect(turnDeadline(stateOf(events))).toBe(Date.parse('2026-01-01T00:00:30.000Z'));
    add('player-away', { playerId: 'a', reason: 'absent' }, '2026-01-01T00:00:31.000Z');
    expect(turnDeadline(stateOf(events))).toBeNull();
    add('player-back', { playerId: 'a' }, '2026-01-01T00:00:32.000Z');
    expect(stateOf(events).turnStartedAt).toBe('2026-01-01T00:00:32.000Z');
    expect(turnDeadline(stateOf(events))).toBe(Date.parse('2026-01-01T00:01:02.000Z'));
  });

  it('not on another person’s turn', () => {
    const { events, add } = started();
    add('player-away', { playerId: 'b', reason: 'absent' }, '2026-01-01T00:00:10.000Z');
    add('player-back', { playerId: 'b' }, '2026-01-01T00:00:12.000Z');
    expect(stateOf(events).turnStartedAt).toBe('2026-01-01T00:00:00.000Z');
  });
});
