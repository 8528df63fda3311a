/** The shared schemas of engine data on the wire (RULES §4.1, §8; PROTOCOL §3.2). */
import {
  applyLegal,
  createRng,
  drawSeed,
  newGame,
  playBotTurn,
  serializeGame,
  whoseTurn,
  type GameData,
} from '@four-banners/engine';
import { describe, expect, it } from 'vitest';
import { clientActionSchema, gameActionSchema, serializedGameSchema } from './game.js';

function playedGame(turns: number): { game: GameData; actions: unknown[] } {
  const rng = createRng(5);
  let game = newGame(8, 8);
  for (const country of [0, 1, 2] as const) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
  game = applyLegal(game, { id: 'generate', info: { w: 8, h: 8, seed: 77 } }, 0);
  game = applyLegal(game, { id: 'start', info: {} }, 1);
  const actions: unknown[] = [];
  for (let t = 0; t < turns; t++) {
    for (const { action, seed } of playBotTurn(game, whoseTurn(game)!, 'hard', drawSeed(rng))) {
      actions.push(action);
      game = applyLegal(game, action, seed);
    }
  }
  return { game, actions };
}

describe('client actions (PROTOCOL §3.3)', () => {
  it('accepts the four actions a client may send', () => {
    for (const action of [
      { id: 'start', info: {} },
      { id: 'next_turn', info: { country: 0 } },
      { id: 'place_banner', info: { country: 1, x: 3, y: 4 } },
      { id: 'move_unit', info: { country: 2, from: { x: 1, y: 1 }, to: { x: 2, y: 2 } } },
    ]) {
      expect(clientActionSchema.safeParse(action).success).toBe(true);
    }
  });

  it('refuses a client bonus, even 0 (PROTOCOL §3.2)', () => {
    for (const bonus of [0, 4]) {
      const r = clientActionSchema.safeParse({
        id: 'move_unit',
        info: { country: 0, from: { x: 0, y: 0 }, to: { x: 1, y: 1 }, bonus },
      });
      expect(r.success).toBe(false);
    }
  });

  it('refuses server-only actions, unknown keys, wrong types and the none country', () => {
    for (const bad of [
      { id: 'generate', info: { w: 10, h: 10, seed: 1 } },
      { id: 'remove_country', info: { country: 1 } },
      { id: 'pause', info: {} },
      { id: 'start', info: {}, extra: 1 },
      { id: 'next_turn', info: { country: -1 } },
      { id: 'next_turn', info: { country: '0' } },
      { id: 'place_banner', info: { country: 0, x: 1.5, y: 0 } },
      { id: 'place_banner', info: { country: 0, x: -1, y: 0 } },
      JSON.parse('{"id":"start","info":{"__proto__":{"x":1}}}'),
    ]) {
      expect(clientActionSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('logged actions (RULES §4.1, PROTOCOL §7.2)', () => {
  it('accepts every action bots take, bonus included', () => {
    const { actions } = playedGame(12);
    expect(actions.some((a) => (a as { info: { bonus?: number } }).info.bonus === 4)).toBe(true);
    for (const a of actions) expect(gameActionSchema.safeParse(a).success, JSON.stringify(a)).toBe(true);
  });
});

describe('serialized game (RULES §8)', () => {
  it('accepts what serializeGame makes, before and during play', () => {
    expect(serializedGameSchema.safeParse(serializeGame(newGame())).success).toBe(true);
    const parsed = serializedGameSchema.safeParse(JSON.parse(JSON.stringify(serializeGame(playedGame(9).game))));
    expect(parsed.success).toBe(true);
  });

  it('refuses unknown keys and out-of-range fields', () => {
    const base = serializeGame(playedGame(3).game);
    for (const bad of [
      { ...base, extra: true },
      { ...base, w: 0 },
      { ...base, rngSeed: -1 },
      { ...base, turnType: 6 },
      { ...base, countries: [{ id: 4, banners: 1 }] },
      { ...base, tiles: [{ ...base.tiles[0], landmark: 4 }] },
    ]) {
      expect(serializedGameSchema.safeParse(bad).success).toBe(false);
    }
  });
});
