import { applyLegal, newGame, type GameData, type LobbyEvent, type LobbyState } from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { feedEntries, personFeedEntry } from './feed';

function started(): GameData {
  let g = newGame(6, 6, 1);
  g = applyLegal(g, { id: 'add_country', info: { country: 0 } }, 0);
  g = applyLegal(g, { id: 'add_country', info: { country: 2 } }, 0);
  g = applyLegal(g, { id: 'generate', info: { w: 6, h: 6, seed: 1 } }, 0);
  return applyLegal(g, { id: 'start', info: {} }, 5);
}

describe('event feed', () => {
  it('tells of a banner raised', () => {
    const g = started();
    const spot = g.tiles.find((t) => t.owner === 0 && t.landmark === -1)!;
    const action = { id: 'place_banner', info: { country: 0, x: spot.pos.x, y: spot.pos.y } } as const;
    const after = applyLegal(g, action, 1);
    expect(feedEntries(9, g, after, action, null)).toEqual([{ seq: 9, country: 0, text: 'raised a banner' }]);
  });

  it('tells of a fight as a sum, the modifier on the side it favours, and who won or held', () => {
    const g = started();
    const move = { id: 'move_unit', info: { country: 0, from: { x: 0, y: 0 }, to: { x: 1, y: 0 } } } as const;
    const fight = (attackRoll: number, defendRoll: number, war: number, bonus = 0) => {
      const result = attackRoll - defendRoll + war + bonus;
      return { attackRoll, defendRoll, war, bonus, result, won: result > 0 };
    };
    expect(feedEntries(3, g, g, move, fight(1, 2, 2.5), 2)[0]).toEqual({
      seq: 3,
      country: 0,
      text: 'attacked Red: 1 + 2.5 vs 2 — Green won',
    });
    expect(feedEntries(3, g, g, move, fight(5, 2, -3.5), 2)[0]!.text).toBe('attacked Red: 5 vs 2 + 3.5 — Red held');
    // A tie is the defender's.
    expect(feedEntries(3, g, g, move, fight(3, 3, 0), 2)[0]!.text).toBe('attacked Red: 3 vs 3 — Red held');
  });

  it('tells of a banner turn passed on the way to the next country', () => {
    const g = started();
    const before = { ...g, countries: g.countries.map((c) => ({ ...c, banners: 0 })) };
    const after = { ...g, countries: g.countries.map((c) => ({ ...c, banners: 1 })) };
    const out = feedEntries(4, before, after, { id: 'next_turn', info: { country: 0 } }, null);
    expect(out.map((e) => e.text)).toEqual(['Banner turn: everyone gets 1 banner']);
  });
});

describe('feed: people, not the map (PROTOCOL §4.8)', () => {
  const state = {
    players: [{ id: 'p1', name: 'Bob', country: 1 }],
  } as unknown as LobbyState;
  const at = '2026-01-01T00:00:00Z';

  it('says when the clock ran out, when a person went away and when they are back', () => {
    const timeout: LobbyEvent = {
      seq: 9,
      kind: 'turn-timeout',
      actor: 'server',
      at,
      seed: null,
      payload: { country: 1, playerId: 'p1' },
    };
    const away: LobbyEvent = {
      seq: 10,
      kind: 'player-away',
      actor: 'server',
      at,
      seed: null,
      payload: { playerId: 'p1', reason: 'absent' },
    };
    const back: LobbyEvent = { seq: 11, kind: 'player-back', actor: 'p1', at, seed: null, payload: { playerId: 'p1' } };
    expect(personFeedEntry(timeout, state)).toEqual({
      seq: 9,
      country: 1,
      text: 'Bob ran out of time: the turn passes',
    });
    expect(personFeedEntry(away, state)?.text).toBe('Away — a bot is playing for Bob');
    expect(personFeedEntry(back, state)?.text).toBe('Bob is back, from the next turn');
  });

  it('has nothing to say about other events', () => {
    const chat: LobbyEvent = {
      seq: 3,
      kind: 'chat',
      actor: 'p1',
      at,
      seed: null,
      payload: { playerId: 'p1', msg: 'hi' },
    };
    expect(personFeedEntry(chat, state)).toBeNull();
  });

  it('tells of a moderator removing a person or muting one, with the reason; a close takes everyone out instead (PROTOCOL §4.9)', () => {
    const bot = { id: 'b9', name: 'Normal Bot', country: 1, bot: { difficulty: 'normal' } } as const;
    const after = { ...state, players: state.players.map((p) => (p.id === 'p1' ? bot : p)) };
    const removal: LobbyEvent = {
      seq: 12,
      kind: 'moderation',
      actor: 'moderator',
      at,
      seed: null,
      payload: { action: 'remove-seat', playerId: 'p1', reason: 'cheating', bot },
    };
    expect(personFeedEntry(removal, after, state)).toEqual({
      seq: 12,
      country: null,
      text: 'A moderator removed Bob: a bot plays on (cheating)',
    });
    const close: LobbyEvent = { ...removal, payload: { action: 'close', reason: 'x' } };
    expect(personFeedEntry(close, state, state)).toBeNull();
  });
});
